import GlobalStyles from "@mui/material/GlobalStyles";
import type { Theme } from "@mui/material/styles";
import { memo } from "react";

const mono = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";

/**
 * The rest of `.chat-markdown` (MarkdownStyles has what plain text needs): lists,
 * headings, links, quotes, code, tables and formulas. Loaded with the renderer
 * (markdownRenderers), which is what makes those elements. Spec §9: an image in
 * a message is at most 400 px high.
 */
const styles = (theme: Theme) => {
  const border = `1px solid ${theme.palette.divider}`;
  const subtle = theme.palette.action.hover;
  return {
    ".chat-markdown": {
      // Inline-start: a list or a quote of right-to-left text (dir="auto") steps in from the right.
      "& ul, & ol": { paddingInlineStart: 24 },
      // Lists nested past four levels step in less: thirteen levels took 312 px, more than a phone's column.
      "& :is(ul, ol) :is(ul, ol) :is(ul, ol) :is(ul, ol) :is(ul, ol)": { paddingInlineStart: 10 },
      "& li + li": { marginTop: 4 },
      // A task's box takes its bullet's place (as on GitHub), rather than standing after a bullet.
      "& .task-list-item": { listStyleType: "none" },
      "& .task-list-item > input": { margin: "0 0.5em 0.2em -1.3em", verticalAlign: "middle" },
      "& h1, & h2, & h3, & h4": { margin: "20px 0 8px", lineHeight: 1.3, fontWeight: 650 },
      "& h1": { fontSize: "1.5rem" },
      "& h2": { fontSize: "1.3rem" },
      "& h3": { fontSize: "1.125rem" },
      "& a": { color: theme.palette.primary.main, textUnderlineOffset: 2 },
      "& img": { maxWidth: "100%", maxHeight: 400, borderRadius: 6, objectFit: "contain" as const },
      "& blockquote": {
        paddingInlineStart: 16,
        marginInlineStart: 0,
        borderInlineStart: `3px solid ${theme.palette.divider}`,
        color: theme.palette.text.secondary,
      },
      // Quotes nested past three levels step in less, as lists do.
      "& blockquote blockquote blockquote blockquote": { paddingInlineStart: 6 },
      "& hr": { border: 0, borderTop: border, margin: "20px 0" },
      "& :not(pre) > code": {
        fontFamily: mono,
        fontSize: "0.875em",
        padding: "2px 5px",
        borderRadius: 4,
        background: subtle,
      },
      "& pre": {
        margin: 0,
        padding: 14,
        overflowX: "auto" as const,
        fontSize: "0.84375rem",
        lineHeight: 1.6,
        fontFamily: mono,
        background: theme.palette.mode === "dark" ? theme.palette.grey[900] : "#f7f8fa",
        // Code reads from the left whatever the language around it or of the page.
        direction: "ltr" as const,
        textAlign: "left" as const,
      },
      "& kbd": {
        fontFamily: mono,
        fontSize: "0.8125em",
        padding: "1px 5px",
        border,
        borderBottomWidth: 2,
        borderRadius: 4,
        background: subtle,
      },
      "& .code-block": { margin: "12px 0", border, borderRadius: 8, overflow: "hidden" },
      "& .code-block-header": {
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        padding: "2px 4px 2px 12px",
        background: subtle,
        borderBottom: border,
        fontFamily: mono,
        fontSize: 12,
        color: theme.palette.text.secondary,
      },
      "& .code-block-copy": {
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        padding: 5,
        border: 0,
        borderRadius: "50%",
        background: "transparent",
        color: "inherit",
        cursor: "pointer",
        "&:hover": { background: theme.palette.action.hover },
        "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        "& svg": { width: 18, height: 18, fill: "currentColor" },
      },
      "& .table-wrap": { overflowX: "auto" as const, margin: "12px 0", border, borderRadius: 8 },
      // As wide as its cells' text on one line (at least the message's width), a cell's text wrapping
      // only past its maximum width: short cells never break, and a table too wide for the message
      // scrolls sideways instead of squeezing its columns to a word per line on a phone.
      "& table": { borderCollapse: "collapse" as const, width: "max-content", minWidth: "100%", fontSize: "0.9rem" },
      // Words stay whole in a cell (the answer itself breaks anywhere).
      "& th, & td": {
        padding: "6px 12px",
        borderBottom: border,
        textAlign: "start" as const,
        verticalAlign: "top",
        overflowWrap: "normal" as const,
        maxWidth: "min(28em, 70vw)",
      },
      "& tr:last-child td": { borderBottom: 0 },
      "& th": { fontWeight: 600, background: subtle },
      "& .katex-display": { overflowX: "auto" as const, overflowY: "hidden" as const, padding: "4px 0" },
      // A formula reads from the left, kept apart from right-to-left text around it ("E=mc²", not "mc² E=").
      "& :is(.math-inline, .math-display, .math-source)": {
        direction: "ltr" as const,
        unicodeBidi: "isolate" as const,
      },
      // Footnotes (GFM's "[^1]"): small print under a rule, their "Footnotes" heading for screen readers only.
      "& .footnotes": {
        marginTop: 20,
        paddingTop: 8,
        borderTop: border,
        fontSize: "0.875rem",
        color: theme.palette.text.secondary,
      },
      "& .sr-only": {
        position: "absolute" as const,
        width: 1,
        height: 1,
        overflow: "hidden" as const,
        clip: "rect(0 0 0 0)",
        whiteSpace: "nowrap" as const,
      },
      "& [data-footnote-ref]": { textDecoration: "none" },
      "& [data-footnote-ref]::before": { content: '"["' },
      "& [data-footnote-ref]::after": { content: '"]"' },
      // A formula's TeX while KaTeX (and its style sheet) load, on the first formula shown.
      "& .math-source": { color: theme.palette.text.secondary },
    },
  };
};

/** Mounted once by MarkdownStyles when the renderer has loaded. */
export const RichMarkdownStyles = memo(function RichMarkdownStyles() {
  return <GlobalStyles styles={styles} />;
});
