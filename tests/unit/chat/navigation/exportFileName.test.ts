import { describe, expect, it } from "vitest";
import { exportFileName } from "../../../../src/chat/navigation/conversations/exportFileName";

describe("exportFileName (spec §5)", () => {
  it("is the title plus .txt", () => {
    expect(exportFileName("Quarterly plan")).toBe("Quarterly plan.txt");
  });

  it('removes < > : " / \\ | ? *', () => {
    expect(exportFileName('a<b>c:d"e/f\\g|h?i*j')).toBe("abcdefghij.txt");
    expect(exportFileName("What is 2*3? <draft>")).toBe("What is 23 draft.txt");
  });

  it("keeps every other character, accents and dots included", () => {
    expect(exportFileName("Café — v1.2 (final) & notes #3")).toBe("Café — v1.2 (final) & notes #3.txt");
  });

  it("trims surrounding spaces left by removed characters", () => {
    expect(exportFileName("  ? Plan ?  ")).toBe("Plan.txt");
  });

  it("falls back to a name when nothing is left", () => {
    expect(exportFileName("???")).toBe("conversation.txt");
    expect(exportFileName("", "chat")).toBe("chat.txt");
  });
});
