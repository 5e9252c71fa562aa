/**
 * What a message shows while the markdown renderer loads: its text as it is
 * (line breaks kept), never markup — React escapes it, so nothing unsanitised
 * can be rendered, and nothing flashes empty.
 */
export function PlainMarkdownText({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <p style={{ whiteSpace: "pre-wrap" }}>{text}</p>
    </div>
  );
}
