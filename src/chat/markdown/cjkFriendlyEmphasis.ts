/**
 * Bold and italics around Chinese and Japanese punctuation. CommonMark lets a closing `**` that
 * follows punctuation close only before a space or more punctuation: models answering in Chinese
 * write "**注意：**这个", "**「引用」**文字" and "**“引用”**的", which markdown shows with their
 * asterisks. Here, as the "CJK-friendly" amendment to CommonMark proposes, the full-width
 * punctuation of those scripts counts as a letter next to `*` and `_`, and a run between other
 * punctuation and a CJK letter may open or close as if the letter were a space; everything else
 * is micromark's own emphasis.
 */
import { attention } from "micromark-core-commonmark";
import { classifyCharacter } from "micromark-util-classify-character";
import type { Code, Construct, Extension, Token } from "micromark-util-types";
import { isCjkCharacter, isCjkPunctuation } from "./cjkPunctuation";

/** micromark's class of a character (1 space, 2 punctuation, undefined otherwise), CJK punctuation counting as a letter. */
function classify(code: Code): number | undefined {
  if (code !== null && code > 0x2fff && isCjkPunctuation(String.fromCodePoint(code))) return undefined;
  return classifyCharacter(code);
}

const isCjkCode = (code: Code) => code !== null && code > 0x10ff && isCjkCharacter(String.fromCodePoint(code));

const cjkFriendlyAttention: Construct = {
  name: "cjkFriendlyAttention",
  resolveAll: attention.resolveAll,
  tokenize(effects, ok, nok) {
    const previous = this.previous;
    const markers = this.parser.constructs.attentionMarkers.null ?? [];
    let marker: Code = null;
    let sequence: Token | undefined;
    // micromark's tokenizer reads the run; whether it may open or close is decided again here, as
    // micromark decides it (flanking, and `_` inside words) but for the classes of the characters.
    const readRun: typeof effects = { ...effects, exit: (type) => (sequence = effects.exit(type)) };
    const start = attention.tokenize.call(
      this,
      readRun,
      (code) => {
        const before = classify(previous);
        const after = classify(code);
        const open =
          !after ||
          (after === 2 && (before || isCjkCode(previous))) ||
          (markers.includes(code) && code !== 42 && code !== 95);
        const close =
          !before ||
          (before === 2 && (after || isCjkCode(code))) ||
          (markers.includes(previous) && previous !== 42 && previous !== 95);
        sequence!._open = Boolean(marker === 42 ? open : open && (before || !close));
        sequence!._close = Boolean(marker === 42 ? close : close && (after || !open));
        return ok(code);
      },
      nok,
    );
    return (code) => {
      marker = code;
      return start(code);
    };
  },
};

/** In place of micromark's emphasis (`attention`), for `*` and `_`. */
export const cjkFriendlyEmphasis: Extension = {
  text: { 42: cjkFriendlyAttention, 95: cjkFriendlyAttention },
  disable: { null: ["attention"] },
};
