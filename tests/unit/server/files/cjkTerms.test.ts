import { describe, expect, it } from "vitest";
import { cjkBigrams, cjkIndexTerms, wordTerms } from "../../../../src/server/retrieval/cjkTerms";
import { searchTerms } from "../../../../src/server/retrieval/search";

describe("Chinese, Japanese and Korean search terms", () => {
  it("splits a run into overlapping bigrams; a lone character stays itself", () => {
    expect(cjkBigrams("停车场在")).toEqual(["停车", "车场", "场在"]);
    expect(cjkBigrams("车")).toEqual(["车"]);
    // A character outside the BMP counts as one.
    expect(cjkBigrams("𠀋好")).toEqual(["𠀋好"]);
  });

  it("keeps the letters around a run as words of their own", () => {
    expect(wordTerms("iphone手机壳")).toEqual(["iphone", "手机", "机壳"]);
    expect(wordTerms("2024年")).toEqual(["2024", "年"]);
    expect(wordTerms("vacation")).toEqual(["vacation"]);
  });

  it("gives a question's CJK runs as bigrams and leaves other languages' words whole", () => {
    expect(searchTerms("停车场在哪里？")).toBe("停车 or 车场 or 场在 or 在哪 or 哪里");
    expect(searchTerms("会議室はどこ")).toBe("会議 or 議室 or 室は or はど or どこ");
    expect(searchTerms("Wie viele Urlaubstage?")).toBe("wie or viele or urlaubstage");
  });

  it("indexes a passage's CJK words only, and nothing for a passage without any", () => {
    expect(cjkIndexTerms("Parking 停车场在北门，免费。")).toBe("停车 车场 场在 在北 北门 免费");
    expect(cjkIndexTerms("Parking is free.")).toBeNull();
  });
});
