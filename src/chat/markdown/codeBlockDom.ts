/**
 * A fenced code block shown by the streaming view (hastDom.ts): the DOM CodeBlock renders
 * (language label, copy button, the code), built without React; the copy button is a plain
 * listener doing what CodeBlock's does.
 */
import type { Element } from "hast";
import { i18next } from "../../app/i18n/i18n";
import { COPIED_ICON, COPIED_MS, COPY_ICON, copyCodeOf } from "./codeBlockCopy";
import { languageOf } from "./hastText";

const SVG_NS = "http://www.w3.org/2000/svg";

/** The code element of a `pre` the view can show (its only child, holding only text), else null. */
export function codeOfPre(pre: Element): Element | null {
  const [code, ...others] = pre.children;
  if (others.length > 0 || code?.type !== "element" || code.tagName !== "code") return null;
  for (const key in code.properties) if (key !== "className") return null;
  return code.children.every((child) => child.type === "text") ? code : null;
}

export const codeLanguage = (code: Element): string | null => languageOf(code.properties.className);

function copyButton(): HTMLButtonElement {
  const button = document.createElement("button");
  const label = i18next.t("markdown.copyCode");
  button.setAttribute("type", "button");
  button.className = "code-block-copy";
  button.setAttribute("aria-label", label);
  button.setAttribute("title", label);
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", COPY_ICON);
  svg.appendChild(path);
  button.appendChild(svg);
  button.addEventListener("click", () => {
    void copyCodeOf(button, i18next.t("markdown.copied")).then((copied) => {
      if (!copied) return;
      path.setAttribute("d", COPIED_ICON);
      setTimeout(() => path.setAttribute("d", COPY_ICON), COPIED_MS);
    });
  });
  return button;
}

/** The code block showing `code` (codeOfPre of its pre). */
export function createCodeBlock(code: Element): HTMLElement {
  const block = document.createElement("div");
  block.className = "code-block";
  const header = document.createElement("div");
  header.className = "code-block-header";
  const label = document.createElement("span");
  label.textContent = codeLanguage(code) ?? i18next.t("markdown.code");
  header.append(label, copyButton());
  const codeElement = document.createElement("code");
  const className = code.properties.className;
  if (className !== undefined) codeElement.className = Array.isArray(className) ? className.join(" ") : String(className);
  for (const text of code.children) if (text.type === "text") codeElement.appendChild(document.createTextNode(text.value));
  const pre = document.createElement("pre");
  pre.appendChild(codeElement);
  block.append(header, pre);
  return block;
}

/** The code element inside a block createCodeBlock made. */
export const codeElementOf = (block: ChildNode): HTMLElement => (block as HTMLElement).querySelector("pre > code")!;
