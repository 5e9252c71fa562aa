import { memo, useState, type ComponentPropsWithoutRef, type MouseEvent } from "react";
import type { ExtraProps } from "react-markdown";
import { useTranslation } from "react-i18next";
import { copyText } from "./copyText";
import { languageOf } from "./hastText";

type PreProps = ComponentPropsWithoutRef<"pre"> & ExtraProps;

/** The icons of MUI's ContentCopyRounded and CheckRounded, as plain SVG paths. */
const COPY_ICON =
  "M15 20H5V7c0-.55-.45-1-1-1s-1 .45-1 1v13c0 1.1.9 2 2 2h10c.55 0 1-.45 1-1s-.45-1-1-1m5-4V4c0-1.1-.9-2-2-2H9c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h9c1.1 0 2-.9 2-2m-2 0H9V4h9z";
const COPIED_ICON =
  "M9 16.17 5.53 12.7a.996.996 0 0 0-1.41 0c-.39.39-.39 1.02 0 1.41l4.18 4.18c.39.39 1.02.39 1.41 0L20.29 7.71c.39-.39.39-1.02 0-1.41a.996.996 0 0 0-1.41 0z";

/**
 * The label and copy button: a plain button styled by MarkdownStyles (`.code-block-copy`), its
 * hint a title, so that a code block appearing in a streaming answer (or in a long conversation
 * opening) mounts no MUI button, ripple or tooltip. Memoized: while a code block streams it
 * renders per chunk, and its header stays as it is.
 */
const CodeBlockHeader = memo(function CodeBlockHeader({ language }: { language: string | null }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  // The code as shown (the pre's text is the code element's: no highlighting markup).
  const copy = async (event: MouseEvent<HTMLElement>) => {
    const code = event.currentTarget.closest(".code-block")?.querySelector("pre")?.textContent ?? "";
    if (await copyText(code, t("markdown.copied"))) {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
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
