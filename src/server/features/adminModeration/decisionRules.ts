/** Spec §5 "Moderation decision form", checked on the server with the form's own messages. */
import type { components } from "../../../generated/api";
import type { FieldErrors } from "../../http/problem";

type Schemas = components["schemas"];
export type AgentAction = Schemas["AgentModerationAction"];
export type CreatorAction = Schemas["UserModerationAction"];

export const AGENT_ACTIONS: readonly AgentAction[] = ["TakeNoAction", "BanAgent"];
export const CREATOR_ACTIONS: readonly CreatorAction[] = ["TakeNoAction", "BlockAgentCreation", "BlockAgentSharing"];
/** Spec §9: note max 500. */
export const NOTE_MAX = 500;

export const MESSAGES = {
  agentActionRequired: "Agent action required",
  creatorActionRequired: "Creator action required",
  noteRequired: "Note is required",
  noteTooLong: `Note exceeds the maximum limit of ${NOTE_MAX} characters`,
  blockedFromCreating: "This creator is currently blocked from creating",
  blockedFromSharing: "This creator is currently blocked from sharing",
} as const;

export interface CheckedDecision {
  agentModerationAction: AgentAction;
  userModerationAction: CreatorAction;
  moderationNotes: string;
}

const isOneOf = <T extends string>(value: unknown, allowed: readonly T[]): value is T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value);

/**
 * Field errors for a decision; BlockAgentCreation is possible only while the
 * owner can still create, BlockAgentSharing only while they can create and share.
 */
export function decisionErrors(
  body: Schemas["SubmitModerationDecisionRequest"],
  owner: Schemas["PersonalAgentSettings"],
): FieldErrors {
  const errors: FieldErrors = {};
  if (!isOneOf(body.agentModerationAction, AGENT_ACTIONS))
    errors.agentModerationAction = [MESSAGES.agentActionRequired];
  const creator = body.userModerationAction;
  if (!isOneOf(creator, CREATOR_ACTIONS)) errors.userModerationAction = [MESSAGES.creatorActionRequired];
  else if (creator !== "TakeNoAction" && owner.isBannedFromCreatingAgents)
    errors.userModerationAction = [MESSAGES.blockedFromCreating];
  else if (creator === "BlockAgentSharing" && owner.isBannedFromSharingAgents)
    errors.userModerationAction = [MESSAGES.blockedFromSharing];
  const notes = body.moderationNotes?.trim() ?? "";
  if (notes === "") errors.moderationNotes = [MESSAGES.noteRequired];
  else if (notes.length > NOTE_MAX) errors.moderationNotes = [MESSAGES.noteTooLong];
  return errors;
}
