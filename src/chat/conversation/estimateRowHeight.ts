/**
 * A message-list row's height before it is measured, from its text. The list
 * opens at the end of a long conversation: the closer these guesses are to the
 * rendered heights, the fewer rows are rendered, measured and rendered again
 * before the last messages settle in view. The numbers follow the desktop
 * theme's metrics (16 px answer text, 15.5 px questions); narrower screens
 * only change how many characters fit on a line.
 */

/** Question bubble (one line), the answer's name line, its actions and the gaps between them. */
const ROW_FRAME_PX = 156;
const QUESTION_LINE_PX = 24.8;
const ANSWER_LINE_PX = 26.4;
const BLOCK_GAP_PX = 12;
const LIST_ITEM_GAP_PX = 4;
const CODE_LINE_PX = 21;
/** A code block's header (language, copy button) and the padding around its lines. */
const CODE_FRAME_PX = 65;
const TABLE_ROW_PX = 37;
/** A table's border and its wider margins. */
const TABLE_FRAME_PX = 12;
/** A display formula with its wider margins. */
const DISPLAY_MATH_PX = 71;
const HEADING_PX = 34;
/** Average advance of a character of body text, px. */
const ANSWER_CHAR_PX = 8.1;
const QUESTION_CHAR_PX = 7.6;
/** The widest a question bubble's text gets (bubble max 640 px less its padding). */
const QUESTION_MAX_TEXT_PX = 608;
/** The avatar and gap to the left of an answer. */
const ANSWER_INDENT_PX = 40;
const ROW_MAX_WIDTH_PX = 800;

/** Lines a run of text wraps to at `charsPerLine`, each hard line break starting a new one. */
function wrappedLines(text: string, charsPerLine: number): number {
  let lines = 0;
  for (const line of text.split("\n")) lines += Math.max(1, Math.ceil(line.length / charsPerLine));
  return lines;
}

/** The rendered height of an answer's markdown, block by block (paragraphs, lists, code, tables, maths). */
export function estimateMarkdownPx(markdown: string, textWidthPx: number): number {
  const charsPerLine = Math.max(20, Math.floor(textWidthPx / ANSWER_CHAR_PX));
  const lines = markdown.split("\n");
  let height = 0;
  let blocks = 0;
  const addBlock = (px: number) => {
    height += px + (blocks > 0 ? BLOCK_GAP_PX : 0);
    blocks++;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (trimmed === "") {
      i++;
    } else if (/^(```|~~~)/.test(trimmed)) {
      const fence = trimmed.slice(0, 3);
      let codeLines = 0;
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence)) {
        codeLines++;
        i++;
      }
      i++;
      addBlock(CODE_FRAME_PX + codeLines * CODE_LINE_PX);
    } else if (trimmed.startsWith("$$")) {
      const closedOnItsLine = trimmed.length >= 4 && trimmed.endsWith("$$");
      i++;
      if (!closedOnItsLine) {
        while (i < lines.length && !lines[i]!.includes("$$")) i++;
        i++;
      }
      addBlock(DISPLAY_MATH_PX);
    } else if (trimmed.startsWith("|")) {
      let rows = 0;
      while (i < lines.length && lines[i]!.trim().startsWith("|")) {
        // The |---| line separates the header from the body: no row of its own.
        if (!/^\|[\s:|-]+\|?$/.test(lines[i]!.trim())) rows++;
        i++;
      }
      addBlock(rows * TABLE_ROW_PX + TABLE_FRAME_PX);
    } else if (/^([-*+]|\d+[.)])\s/.test(trimmed)) {
      let listPx = 0;
      while (i < lines.length && /^\s*([-*+]|\d+[.)])\s/.test(lines[i]!)) {
        listPx += wrappedLines(lines[i]!.trim(), charsPerLine - 3) * ANSWER_LINE_PX + LIST_ITEM_GAP_PX;
        i++;
      }
      addBlock(listPx - LIST_ITEM_GAP_PX);
    } else if (/^#{1,6}\s/.test(trimmed)) {
      i++;
      addBlock(HEADING_PX);
    } else {
      let paragraph = "";
      while (i < lines.length && lines[i]!.trim() !== "" && !/^(```|~~~|\$\$|\||#{1,6}\s)/.test(lines[i]!.trim())) {
        paragraph += (paragraph ? " " : "") + lines[i]!.trim();
        i++;
      }
      addBlock(wrappedLines(paragraph, charsPerLine) * ANSWER_LINE_PX);
    }
  }
  return height;
}

/** A row holding `question` and its `answer`, in a list `listWidthPx` wide (gutters included). */
export function estimateRowHeight(question: string, answer: string, listWidthPx: number): number {
  const gutters = listWidthPx >= 600 ? 48 : 32;
  const rowWidth = Math.min(ROW_MAX_WIDTH_PX, listWidthPx - gutters);
  const questionChars = Math.max(
    10,
    Math.floor(Math.min(QUESTION_MAX_TEXT_PX, rowWidth * 0.85 - 32) / QUESTION_CHAR_PX),
  );
  const questionPx = (wrappedLines(question, questionChars) - 1) * QUESTION_LINE_PX;
  return Math.round(ROW_FRAME_PX + questionPx + estimateMarkdownPx(answer, rowWidth - ANSWER_INDENT_PX));
}
