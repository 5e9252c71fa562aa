import type { ComponentPropsWithoutRef } from "react";
import type { ExtraProps } from "react-markdown";

type TableProps = ComponentPropsWithoutRef<"table"> & ExtraProps;

/** Wide tables scroll sideways inside the message instead of widening the page. */
export function MarkdownTable({ node: _node, ...props }: TableProps) {
  return (
    <div className="table-wrap">
      <table {...props} />
    </div>
  );
}
