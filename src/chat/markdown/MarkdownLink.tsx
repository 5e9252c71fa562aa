import type { ComponentPropsWithoutRef } from "react";
import type { ExtraProps } from "react-markdown";

type LinkProps = ComponentPropsWithoutRef<"a"> & ExtraProps;

/** Same-page anchors (footnotes) stay; every other link opens in a new tab (spec §9), without an opener. */
export function MarkdownLink({ node: _node, href, children, ...rest }: LinkProps) {
  if (href?.startsWith("#"))
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  return (
    <a href={href} {...rest} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
