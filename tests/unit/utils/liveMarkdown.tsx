import { act, render } from "@testing-library/react";
import { expect } from "vitest";
import { createStore } from "../../../src/app/store/createStore";
import { StreamingMarkdown, type LiveTextSource } from "../../../src/chat/markdown/StreamingMarkdown";

/** A streaming answer's text source, `set` to change its text as a chunk would, and `end` to end its stream. */
export function textSource() {
  const store = createStore({ text: "", ended: false });
  const source: LiveTextSource = {
    getText: () => store.getState().text,
    subscribe: store.subscribe,
    ended: () => store.getState().ended,
  };
  return {
    source,
    set: (text: string) => act(() => store.setState({ text })),
    end: () => act(() => store.setState({ ended: true })),
  };
}

/** React keeps its fiber on each DOM node it creates. */
export const renderedByReact = (node: Node) => Object.keys(node).some((key) => key.startsWith("__reactFiber"));

/** The live container shows exactly what a fresh rendering of `text` shows. */
export function expectSameAsFresh(container: HTMLElement, text: string): void {
  const fresh = render(<StreamingMarkdown text={text} />);
  expect(container.innerHTML, JSON.stringify(text)).toBe(fresh.container.innerHTML);
  fresh.unmount();
}
