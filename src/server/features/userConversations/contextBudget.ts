/**
 * How much of a long conversation goes to the model. Every question sends the path before it, so a
 * long conversation would one day exceed any model's context, and each later question would then
 * fail the same way: the oldest turns give way first. The models' context windows differ (a
 * provider does not say), so the history is kept within a size that today's hosted models read,
 * and shortened further when a provider answers that the prompt is too long.
 */
import type { ChatTurn } from "../../llm/types";
import { ModelProviderError } from "../../llm/types";

/** About 50,000 tokens of earlier turns (4 characters a token), besides the question itself. */
export const MAX_CONTEXT_CHARACTERS = 200_000;
/** How many times a question is sent again with a quarter of its history, after a "too long" answer. */
export const CONTEXT_RETRIES = 2;

export const CONTEXT_SHORTENED_STEP =
  "The oldest messages were left out: the conversation is longer than the model can read";

function charactersOf(turn: ChatTurn): number {
  return turn.content.length;
}

/**
 * The newest turns that fit in `maxCharacters`, the last one (the question) always kept; a kept
 * history starts with a question, not with an answer.
 */
export function newestTurnsWithin(turns: readonly ChatTurn[], maxCharacters: number): ChatTurn[] {
  let first = turns.length - 1;
  let total = 0;
  while (first > 0 && total + charactersOf(turns[first - 1]!) <= maxCharacters) {
    first -= 1;
    total += charactersOf(turns[first]!);
  }
  while (first < turns.length - 1 && turns[first]!.role !== "user") first += 1;
  return turns.slice(first);
}

/** The same turns with a quarter of the history: what is sent again after a "too long" answer. */
export function shortenedTurns(turns: readonly ChatTurn[]): ChatTurn[] {
  const history = turns.slice(0, -1).reduce((sum, turn) => sum + charactersOf(turn), 0);
  return newestTurnsWithin(turns, Math.floor(history / 4));
}

/** A provider's answer that the prompt exceeds the model's context (OpenAI, Azure, vLLM, llama.cpp, Anthropic). */
export function isContextTooLong(error: unknown): boolean {
  return (
    error instanceof ModelProviderError &&
    error.status === 400 &&
    /context[ _]length|context window|context size|prompt is too long|too many tokens/i.test(error.message)
  );
}
