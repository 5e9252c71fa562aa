/**
 * The test chat's turns, grown from the chat's stream events (spec §4) by a pure
 * reducer: the panel keeps its own state, apart from the chat page's stores.
 */
import type { components } from "../../generated/api";
import type { StreamFrame } from "../stream/frameParser";

type Citation = components["schemas"]["Citation"];

export type DraftTurnStatus = "Streaming" | "Complete" | "Failed" | "Aborted";

export interface DraftTurn {
  question: string;
  answer: string;
  status: DraftTurnStatus;
  /** The latest progress step while the answer is prepared (step-update). */
  step: string | null;
  conversationSegmentId: string | null;
  citations: Citation[];
}

export interface DraftChatState {
  conversationId: string | null;
  title: string | null;
  turns: DraftTurn[];
}

export const emptyDraftChat: DraftChatState = { conversationId: null, title: null, turns: [] };

export function withQuestion(state: DraftChatState, question: string): DraftChatState {
  const turn: DraftTurn = {
    question,
    answer: "",
    status: "Streaming",
    step: null,
    conversationSegmentId: null,
    citations: [],
  };
  return { ...state, title: state.title ?? question, turns: [...state.turns, turn] };
}

function withLastTurn(state: DraftChatState, change: (turn: DraftTurn) => Partial<DraftTurn>): DraftChatState {
  const last = state.turns.at(-1);
  if (!last) return state;
  return { ...state, turns: [...state.turns.slice(0, -1), { ...last, ...change(last) }] };
}

const APPENDED = new Set(["response-updated", "error", "internal-server-error"]);

/** One stream event applied to the newest turn; unknown events change nothing. */
export function applyDraftFrame(state: DraftChatState, frame: StreamFrame): DraftChatState {
  if (frame.event === "conversation-and-segment-id") {
    const ids = frame.data as { conversationId: string; conversationSegmentId: string };
    return withLastTurn({ ...state, conversationId: ids.conversationId }, () => ({
      conversationSegmentId: ids.conversationSegmentId,
    }));
  }
  if (APPENDED.has(frame.event)) return withLastTurn(state, (turn) => ({ answer: turn.answer + String(frame.data) }));
  if (frame.event === "step-update") return withLastTurn(state, () => ({ step: String(frame.data) }));
  if (frame.event === "response-model") {
    const model = frame.data as { status: DraftTurnStatus; citations?: Citation[] };
    return withLastTurn(state, () => ({ status: model.status, citations: model.citations ?? [], step: null }));
  }
  if (frame.event === "no-more-data") return endTurn(state, "Complete");
  return state;
}

/** Ends a turn still streaming (the stream closed, broke off or was stopped). */
export function endTurn(state: DraftChatState, status: DraftTurnStatus): DraftChatState {
  return withLastTurn(state, (turn) => (turn.status === "Streaming" ? { status, step: null } : {}));
}
