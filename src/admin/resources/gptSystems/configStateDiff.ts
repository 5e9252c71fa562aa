/** What publishing a configuration would change: its fields that differ from the published one's. */
import type { AdminConfigState } from "./gptSystemApi";

/** The configuration fields an administrator edits, in the order the pages show them. */
export const CONFIGURATION_FIELDS = [
  "systemPrompt",
  "introduction",
  "languageEngine",
  "deploymentName",
  "temperature",
  "topP",
  "frequencyPenalty",
  "maxTokens",
  "capabilityTypes",
  "restrictAnswerToInformationReturnedByTools",
  "dataSources",
] as const satisfies readonly (keyof AdminConfigState)[];

export type ConfigurationField = (typeof CONFIGURATION_FIELDS)[number];

export interface FieldChange {
  field: ConfigurationField;
  published: string;
  draft: string;
}

/** A field's value as one line of text (lists joined, empty values as an empty string). */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return [...value].map(String).sort().join(", ");
  return String(value);
}

/** Every field whose value differs; with nothing published yet, every field that has a value. */
export function configurationChanges(published: AdminConfigState | null, draft: AdminConfigState): FieldChange[] {
  return CONFIGURATION_FIELDS.flatMap((field) => {
    const before = published ? displayValue(published[field]) : "";
    const after = displayValue(draft[field]);
    return before === after ? [] : [{ field, published: before, draft: after }];
  });
}

/**
 * The configuration being worked on: the one asked for, else the newest draft made after the
 * published configuration (an older version is history, not a draft; it is published by naming it).
 */
export function draftToPublish(
  states: readonly AdminConfigState[],
  configStateId: string | null,
): AdminConfigState | null {
  if (configStateId) return states.find((s) => s.configStateId === configStateId) ?? null;
  const publishedVersion = states.find((s) => s.isPublished)?.version ?? 0;
  const newest = [...states].sort((a, b) => (b.version ?? 0) - (a.version ?? 0))[0];
  return newest && !newest.isPublished && (newest.version ?? 0) > publishedVersion ? newest : null;
}
