/**
 * The answer being streamed, kept out of the conversation's React state: the
 * message list subscribes to `liveAnswerStore` (changes a handful of times per
 * answer: ids, phase, final model), and only the streaming message subscribes
 * to `liveTextStore`, whose text grows per chunk. Chunks are coalesced per
 * network read and at most about one flush per frame, so a burst of tokens costs one render.
 */
import { onUserDataReset } from "../../app/auth/userDataReset";
import { createStore } from "../../app/store/createStore";
import type { components } from "../../generated/api";

type Schemas = components["schemas"];

/** pending: asked, no text yet; streaming: text arriving; the rest are final. */
export type LivePhase = "pending" | "streaming" | "complete" | "aborted" | "failed";

export interface LiveAnswer {
  /** Distinguishes one stream from the next (a stale stream never touches a newer one's state). */
  streamId: number;
  /** ask: this tab posted the question; follow: reattached to an answer another request streams (spec §4). */
  kind: "ask" | "follow";
  conversationId: string | null;
  segmentId: string | null;
  question: string;
  /** The question's files, shown in its bubble until the server's copy of the segment takes over. */
  visionImageIds?: string[];
  attachmentIds?: string[];
  /** undefined: under the selected leaf; null: a new first question; an id: a branch under that segment. */
  parentSegmentId: string | null | undefined;
  phase: LivePhase;
  answeredWithGptSystem: Schemas["GptSystemReference"] | null;
  citations: Schemas["Citation"][];
  errorText: string | null;
  /** response-model came with a final status: the server has stored the answer as it is shown. */
  storedFinal: boolean;
}

export const liveAnswerStore = createStore<{ live: LiveAnswer | null }>({ live: null });

/** `ended`: the stream is over (its text is then shown whole, see LiveTextSource). */
export const liveTextStore = createStore<{ answer: string; status: string; ended: boolean }>({
  answer: "",
  status: "",
  ended: false,
});

export const isLivePhaseActive = (phase: LivePhase): boolean => phase === "pending" || phase === "streaming";

let nextStreamId = 1;
let buffered = "";
let scheduled: (() => void) | null = null;
/** About one frame: text arriving later than that after the last flush is shown at once. */
const FRAME_MS = 16;
let lastFlush = -Infinity;

/**
 * When the last flush is a frame or more ago, the text is applied as soon as the network read
 * that brought it has been parsed (a microtask: its frames are coalesced), and the browser shows
 * it in its next frame; asking for an animation frame per chunk costs more main-thread time than
 * most chunks' rendering. Text arriving sooner waits for the next animation frame.
 */
function schedule(flush: () => void): () => void {
  if (now() - lastFlush >= FRAME_MS) {
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) flush();
    });
    return () => {
      cancelled = true;
    };
  }
  if (typeof requestAnimationFrame === "function") {
    const handle = requestAnimationFrame(flush);
    return () => cancelAnimationFrame(handle);
  }
  const handle = setTimeout(flush, 16);
  return () => clearTimeout(handle);
}

const now = (): number => (typeof performance === "undefined" ? Date.now() : performance.now());

/** Applies the chunks received since the last frame in one store update. */
export function flushLiveText(): void {
  scheduled?.();
  scheduled = null;
  if (buffered === "") return;
  const text = buffered;
  buffered = "";
  lastFlush = now();
  liveTextStore.setState((state) => ({ answer: state.answer + text }));
}

/** A live answer and its text, as `liveAnswerActions.current` took them. */
export interface LiveSnapshot {
  live: LiveAnswer | null;
  text: ReturnType<typeof liveTextStore.getState>;
}

export const liveAnswerActions = {
  /** Spec §4: starting a question sets a pending segment with an empty answer. */
  start(
    init: Omit<LiveAnswer, "streamId" | "phase" | "answeredWithGptSystem" | "citations" | "errorText" | "storedFinal">,
  ): number {
    flushLiveText();
    const streamId = nextStreamId++;
    liveTextStore.setState({ answer: "", status: "", ended: false });
    liveAnswerStore.setState({
      live: {
        ...init,
        streamId,
        phase: "pending",
        answeredWithGptSystem: null,
        citations: [],
        errorText: null,
        storedFinal: false,
      },
    });
    return streamId;
  },
  /** Changes the live answer if it still belongs to `streamId`. */
  update(streamId: number, patch: Partial<Omit<LiveAnswer, "streamId">>): void {
    const { live } = liveAnswerStore.getState();
    if (live?.streamId !== streamId) return;
    liveAnswerStore.setState({ live: { ...live, ...patch } });
  },
  appendText(streamId: number, text: string): void {
    const { live } = liveAnswerStore.getState();
    if (live?.streamId !== streamId || text === "") return;
    if (live.phase === "pending") liveAnswerActions.update(streamId, { phase: "streaming" });
    buffered += text;
    scheduled ??= schedule(() => {
      scheduled = null;
      flushLiveText();
    });
  },
  /** Shows `text` instead of the answer so far (a follow's replay of the whole answer, after the text shown before it). */
  replaceText(streamId: number, text: string): void {
    if (liveAnswerStore.getState().live?.streamId !== streamId) return;
    scheduled?.();
    scheduled = null;
    buffered = "";
    lastFlush = now();
    liveTextStore.setState({ answer: text });
  },
  setStatus(streamId: number, status: string): void {
    if (liveAnswerStore.getState().live?.streamId !== streamId) return;
    flushLiveText();
    liveTextStore.setState({ status });
  },
  /** Ends the stream's live phase (its text is flushed first, so the final state is whole). */
  finish(streamId: number, phase: Exclude<LivePhase, "pending" | "streaming">): void {
    if (liveAnswerStore.getState().live?.streamId !== streamId) return;
    flushLiveText();
    liveTextStore.setState({ status: "", ended: true });
    liveAnswerActions.update(streamId, { phase });
  },
  /** Forgets the live answer if it is still `streamId`'s (spec §4: switching the conversation clears the stream). */
  clearIf(streamId: number): void {
    if (liveAnswerStore.getState().live?.streamId === streamId) liveAnswerActions.clear();
  },
  /** The live answer as it is now, to put back with `restore`. */
  current(): LiveSnapshot {
    flushLiveText();
    return { live: liveAnswerStore.getState().live, text: liveTextStore.getState() };
  },
  /** Puts back an earlier live answer (a question that could not be posted gives way to the answer before it). */
  restore({ live, text }: LiveSnapshot): void {
    liveAnswerActions.clear();
    liveTextStore.setState(text);
    liveAnswerStore.setState({ live });
  },
  /** Forgets the live answer (a failed post, or a test reset). */
  clear(): void {
    scheduled?.();
    scheduled = null;
    buffered = "";
    liveTextStore.setState({ answer: "", status: "", ended: false });
    liveAnswerStore.setState({ live: null });
  },
};

onUserDataReset(() => liveAnswerActions.clear());
