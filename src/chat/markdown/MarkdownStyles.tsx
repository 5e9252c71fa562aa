import GlobalStyles from "@mui/material/GlobalStyles";
import type { Theme } from "@mui/material/styles";
import { useStore } from "../../app/store/useStore";
import { markdownStore } from "./markdownLoader";

/**
 * Typography of rendered markdown as one global class (`.chat-markdown`), set
 * up once by the chat page: a streaming answer re-renders many times a second,
 * and per-render style objects (sx) would be processed again on every frame.
 * Here: what plain text needs (PlainMarkdownText, shown until the renderer has
 * loaded); the styles of lists, code, tables and formulas come with the
 * renderer (RichMarkdownStyles), off the chat's first load.
 */
const styles = (theme: Theme) => ({
  ".chat-markdown": {
    fontSize: "0.96875rem",
    lineHeight: 1.7,
    overflowWrap: "anywhere" as const,
    "& > :first-of-type": { marginTop: 0 },
    "& > :last-child": { marginBottom: 0 },
    "& p, & ul, & ol, & blockquote": { margin: "10px 0" },
    // Each block takes its direction from its own text (as dir="auto"): a Hebrew or Arabic paragraph
    // reads from the right, its final full stop at its end, beside English ones.
    "& :is(p, li, h1, h2, h3, h4, h5, h6, blockquote, th, td)": { unicodeBidi: "plaintext", textAlign: "start" },
  },
  ".chat-live-status": {
    display: "flex",
    alignItems: "center",
    gap: 8,
    marginTop: 8,
    color: theme.palette.text.secondary,
    fontSize: 13,
  },
  "@keyframes chat-cursor-blink": { "50%": { opacity: 0 } },
  ".chat-streaming-cursor": {
    display: "inline-block",
    width: 8,
    height: 16,
    borderRadius: 2,
    background: theme.palette.primary.main,
  },
  // It blinks only while waiting for the first words: a running animation has its style computed again on
  // every frame the page renders, i.e. on every chunk of a streaming answer (as a text editor's caret stays
  // steady while typing).
  ".chat-streaming-cursor-waiting": {
    animation: "chat-cursor-blink 1s steps(1) infinite",
    willChange: "opacity",
  },
});

/** Puts the chat's markdown typography into the page (rendered once by the chat page). */
export function MarkdownStyles() {
  const renderers = useStore(markdownStore, (state) => state.renderers);
  return (
    <>
      <GlobalStyles styles={styles} />
      {renderers && <renderers.RichMarkdownStyles />}
    </>
  );
}
