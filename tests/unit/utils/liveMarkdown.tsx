import { act, render } from "@testing-library/react";
import { expect } from "vitest";
import { createStore } from "../../../src/app/store/createStore";
import { StreamingMarkdown, type LiveTextSource } from "../../../src/chat/markdown/StreamingMarkdown";

/** A streaming answer's text source, and `set` to change its text as a chunk would. */
export function textSource() {
  const store = createStore({ text: "" });
  const source: LiveTextSource = { getText: () => store.getState().text, subscribe: store.subscribe };
  return { source, set: (text: string) => act(() => store.setState({ text })) };
}

/** React keeps its fiber on each DOM node it creates. */
export const renderedByReact = (node: Node) => Object.keys(node).some((key) => key.startsWith("__reactFiber"));

/** The live container shows exactly what a fresh rendering of `text` shows. */
export function expectSameAsFresh(container: HTMLElement, text: string): void {
  const fresh = render(<StreamingMarkdown text={text} />);
  expect(container.innerHTML, JSON.stringify(text)).toBe(fresh.container.innerHTML);
  fresh.unmount();
}
