import { memo, useState, type ComponentPropsWithoutRef, type MouseEvent } from "react";
import type { ExtraProps } from "react-markdown";
import { useTranslation } from "react-i18next";
import { COPIED_ICON, COPIED_MS, COPY_ICON, copyCodeOf } from "./codeBlockCopy";
import { languageOf } from "./hastText";

type PreProps = ComponentPropsWithoutRef<"pre"> & ExtraProps;

/**
 * The label and copy button: a plain button styled by MarkdownStyles (`.code-block-copy`), its
 * hint a title, so that a code block appearing in a streaming answer (or in a long conversation
 * opening) mounts no MUI button, ripple or tooltip. Memoized: while a code block streams it
 * renders per chunk, and its header stays as it is.
 */
const CodeBlockHeader = memo(function CodeBlockHeader({ language }: { language: string | null }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  const copy = async (event: MouseEvent<HTMLElement>) => {
    if (await copyCodeOf(event.currentTarget, t("markdown.copied"))) {
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    }
  };

  return (
    <div className="code-block-header">
      <span>{language ?? t("markdown.code")}</span>
      <button
        type="button"
        className="code-block-copy"
        aria-label={t("markdown.copyCode")}
        title={t("markdown.copyCode")}
        onClick={(event) => void copy(event)}
      >
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={copied ? COPIED_ICON : COPY_ICON} />
        </svg>
      </button>
    </div>
  );
});

/** A fenced code block (spec §9): its language as a label and a copy button ('Copied to clipboard'). */
export function CodeBlock({ node, children }: PreProps) {
  const code = node?.children.find((child) => child.type === "element" && child.tagName === "code");
  const language = code?.type === "element" ? languageOf(code.properties.className) : null;
  return (
    <div className="code-block">
      <CodeBlockHeader language={language} />
      <pre>{children}</pre>
    </div>
  );
}
