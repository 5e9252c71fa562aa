import CheckRoundedIcon from "@mui/icons-material/CheckRounded";
import ContentCopyRoundedIcon from "@mui/icons-material/ContentCopyRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { memo, useState, type ComponentPropsWithoutRef, type MouseEvent } from "react";
import type { ExtraProps } from "react-markdown";
import { useTranslation } from "react-i18next";
import { copyText } from "./copyText";
import { languageOf } from "./hastText";

type PreProps = ComponentPropsWithoutRef<"pre"> & ExtraProps;

/**
 * The label and copy button. Memoized: while a code block streams it renders
 * per chunk, and its header (MUI's button and tooltip) stays as it is.
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
      <Tooltip title={t("markdown.copyCode")}>
        <IconButton size="small" aria-label={t("markdown.copyCode")} onClick={(event) => void copy(event)}>
          {copied ? <CheckRoundedIcon fontSize="inherit" /> : <ContentCopyRoundedIcon fontSize="inherit" />}
        </IconButton>
      </Tooltip>
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
