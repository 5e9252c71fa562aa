import { describe, expect, it } from "vitest";
import { distinctPassages } from "../../../../src/server/retrieval/grounding";

const passage = (content: string) => ({ content });

describe("the passages the built-in engine quotes", () => {
  it("leaves out one that repeats a passage kept before: an overlap at a boundary, or the same file twice", () => {
    const sentence = "The vault combination changes whenever the moon is full, said the curator to the night guard.";
    const first = passage(`Evangeline Sprocketwhistle keeps the keys. ${sentence}`);
    const overlapping = passage(`${sentence} The museum opens at nine.`);
    const copy = passage(first.content);
    const other = passage("The per diem for meals abroad is 85 euros.");
    const last = passage("Taxis are reimbursed up to 60 euros.");
    expect(distinctPassages([first, overlapping, copy, other, last], 3)).toEqual([first, other, last]);
    expect(distinctPassages([first, other, last], 2)).toEqual([first, other]);
  });
});
