import { expect } from "vitest";

/** Streams each answer a character at a time: what `shown` gives is always a prefix of what a longer text gives, and all of it at the end. */
export function expectOnlyGrows(shown: (text: string) => string, answers: string[]): void {
  for (const answer of answers) {
    let previous = "";
    for (let end = 0; end <= answer.length; end++) {
      const next = shown(answer.slice(0, end));
      expect(next.startsWith(previous), JSON.stringify(answer.slice(0, end))).toBe(true);
      previous = next;
    }
    expect(previous).toBe(answer);
  }
}
