/** The text content of a hast node (a code block's source, for copying). */
interface HastLike {
  type: string;
  value?: string;
  children?: HastLike[];
}

export function hastText(node: HastLike | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(hastText).join("");
}

/** The language named by a `language-xyz` class, if any. */
export function languageOf(className: unknown): string | null {
  const classes = Array.isArray(className)
    ? className.map(String)
    : typeof className === "string"
      ? className.split(" ")
      : [];
  const language = classes.find((name) => name.startsWith("language-"));
  return language ? language.slice("language-".length) : null;
}
