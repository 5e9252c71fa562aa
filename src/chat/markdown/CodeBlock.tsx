import CheckRoundedIcon from "@mui/icons-material/CheckRounded";
import ContentCopyRoundedIcon from "@mui/icons-material/ContentCopyRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useState, type ComponentPropsWithoutRef } from "react";
import type { ExtraProps } from "react-markdown";
import { useTranslation } from "react-i18next";
import { copyText } from "./copyText";
import { hastText, languageOf } from "./hastText";

type PreProps = ComponentPropsWithoutRef<"pre"> & ExtraProps;

/** A fenced code block (spec §9): its language as a label and a copy button ('Copied to clipboard'). */
export function CodeBlock({ node, children }: PreProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const code = node?.children.find((child) => child.type === "element" && child.tagName === "code");
  const language = code?.type === "element" ? languageOf(code.properties.className) : null;

  const copy = async () => {
    if (await copyText(hastText(code), t("markdown.copied"))) {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    }
  };

  return (
    <div className="code-block">
      <div className="code-block-header">
        <span>{language ?? t("markdown.code")}</span>
        <Tooltip title={t("markdown.copyCode")}>
          <IconButton size="small" aria-label={t("markdown.copyCode")} onClick={() => void copy()}>
            {copied ? <CheckRoundedIcon fontSize="inherit" /> : <ContentCopyRoundedIcon fontSize="inherit" />}
          </IconButton>
        </Tooltip>
      </div>
      <pre>{children}</pre>
    </div>
  );
}
