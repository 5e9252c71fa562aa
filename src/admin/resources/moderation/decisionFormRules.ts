/** Spec §5 moderation decision form rules, shared by the form and its tests. */
import type { components } from "../../../generated/api";

type Schemas = components["schemas"];
export type AgentAction = Schemas["AgentModerationAction"];
export type CreatorAction = Schemas["UserModerationAction"];
export type CreatorSettings = Schemas["PersonalAgentSettings"];

export const AGENT_ACTIONS: readonly AgentAction[] = ["TakeNoAction", "BanAgent"];
export const CREATOR_ACTIONS: readonly CreatorAction[] = ["TakeNoAction", "BlockAgentCreation", "BlockAgentSharing"];
/** Spec §9: note max 500. */
export const NOTE_MAX = 500;

export type NotesError = "moderation.notesRequired" | "moderation.notesTooLong";

export function notesError(notes: string): NotesError | null {
  if (notes.trim() === "") return "moderation.notesRequired";
  if (notes.trim().length > NOTE_MAX) return "moderation.notesTooLong";
  return null;
}

/** Why a creator action cannot be chosen for this creator, as an i18n key; null when it can. */
export function creatorActionBlocked(
  action: CreatorAction,
  settings: CreatorSettings,
): "moderation.creatorBlockedFromCreating" | "moderation.creatorBlockedFromSharing" | null {
  if (action === "TakeNoAction") return null;
  // BlockAgentCreation only while the owner can still create; BlockAgentSharing only while they can create and share.
  if (settings.isBannedFromCreatingAgents) return "moderation.creatorBlockedFromCreating";
  if (action === "BlockAgentSharing" && settings.isBannedFromSharingAgents)
    return "moderation.creatorBlockedFromSharing";
  return null;
}
