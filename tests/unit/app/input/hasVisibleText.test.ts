import { describe, expect, it } from "vitest";
import { hasVisibleText } from "../../../../src/app/input/hasVisibleText";

describe("hasVisibleText", () => {
  it("is false for spaces, format characters and combining marks alone", () => {
    for (const text of ["", " \n\t", "\u00a0\u3000", "\u200b\u200d\ufeff", "\u00ad\u200e\u2066", "\u0301", " \u20dd\u0308 ", "\u3164\uffa0\u2800"])
      expect(hasVisibleText(text)).toBe(false);
  });

  it("is true once a letter, digit, symbol or emoji is there, marks and joiners included", () => {
    for (const text of ["a", "e\u0301", "1", "…", "👩‍👩‍👧", "❤\ufe0f", "東京"]) expect(hasVisibleText(text)).toBe(true);
  });
});
