import type { ComponentPropsWithoutRef, MouseEvent } from "react";
import type { ExtraProps } from "react-markdown";

type LinkProps = ComponentPropsWithoutRef<"a"> & ExtraProps;

/**
 * A footnote's link goes to its target in the same answer: every answer's footnotes have the same
 * ids ("user-content-fn-1"), and the browser would go to the first answer on the page that has one.
 */
function goToAnchorInSameAnswer(event: MouseEvent<HTMLAnchorElement>) {
  const id = decodeURIComponent(event.currentTarget.hash.slice(1));
  const target = id && event.currentTarget.closest(".chat-markdown")?.querySelector(`[id="${CSS.escape(id)}"]`);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "center" });
  // As the browser's own jump would: the keyboard goes on from there (the footnote's way back, or the reference).
  const link = target.matches("a[href]") ? target : target.querySelector("a[href]");
  if (link instanceof HTMLElement) link.focus({ preventScroll: true });
}

/** Same-page anchors (footnotes) stay; every other link opens in a new tab (spec §9), without an opener. */
export function MarkdownLink({ node: _node, href, children, ...rest }: LinkProps) {
  if (href?.startsWith("#"))
    return (
      <a href={href} onClick={goToAnchorInSameAnswer} {...rest}>
        {children}
      </a>
    );
  return (
    <a href={href} {...rest} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
