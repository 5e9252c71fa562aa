import { act, fireEvent, render, screen } from "@testing-library/react";
import { useLayoutEffect, useRef } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  TURN_ROOM_CLASS,
  TURN_TOP_GAP_PX,
  useEndInView,
  useStickToBottom,
  type EndInView,
} from "../../../../src/chat/conversation/useStickToBottom";

/** A ResizeObserver that the test triggers by hand (jsdom has none, and lays nothing out). */
class ManualResizeObserver {
  static all: ManualResizeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    ManualResizeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  static resize(target: Element) {
    for (const observer of ManualResizeObserver.all)
      if (observer.targets.has(target))
        observer.callback([{ target } as ResizeObserverEntry], observer as unknown as ResizeObserver);
  }
}

/** The laid-out sizes jsdom lacks: a view of 600 px over content whose height the test sets. */
const layout = { viewPx: 600, contentPx: 2000, turnTopPx: 1400, answerPx: 100 };

const installed = new WeakSet<HTMLElement>();

function installScroller(scroller: HTMLElement) {
  // Ref callbacks run again on each render of the harness: the place must survive them.
  if (installed.has(scroller)) return;
  installed.add(scroller);
  let top = 0;
  Object.defineProperties(scroller, {
    scrollHeight: { configurable: true, get: () => layout.contentPx },
    clientHeight: { configurable: true, get: () => layout.viewPx },
    scrollTop: {
      configurable: true,
      get: () => top,
      set: (value: number) => {
        top = Math.max(0, Math.min(value, layout.contentPx - layout.viewPx));
      },
    },
  });
  scroller.getBoundingClientRect = () => ({ top: 0 }) as DOMRect;
}

/** The hook's result as last rendered, for the tests to call. */
const hook: { current: ReturnType<typeof useStickToBottom> | null } = { current: null };
const api = () => hook.current!;

/** Renders on its own when the end comes into or goes out of view (as the jump button does). */
function EndInViewText({ endInView }: { endInView: EndInView }) {
  return <span data-testid="at-bottom">{String(useEndInView(endInView))}</span>;
}

function Harness() {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const result = useStickToBottom(scrollRef, contentRef, true);
  useLayoutEffect(() => {
    hook.current = result;
  });
  return (
    <div
      data-testid="scroller"
      ref={(node) => {
        if (node) installScroller(node);
        scrollRef.current = node;
      }}
    >
      <div data-testid="content" ref={contentRef}>
        <div
          className={TURN_ROOM_CLASS}
          data-testid="turn"
          ref={(node) => {
            if (node) node.getBoundingClientRect = () => ({ top: layout.turnTopPx - scroller().scrollTop }) as DOMRect;
          }}
        >
          <div
            data-testid="answer"
            ref={(node) => {
              if (node) Object.defineProperty(node, "offsetHeight", { configurable: true, get: () => layout.answerPx });
              result.observeTurnContent(node);
            }}
          >
            <button type="button">Next version</button>
          </div>
        </div>
      </div>
      <EndInViewText endInView={result.endInView} />
    </div>
  );
}

const scroller = () => screen.getByTestId("scroller");
const grow = (contentPx: number) =>
  act(() => {
    layout.contentPx = contentPx;
    ManualResizeObserver.resize(screen.getByTestId("content"));
  });
const answerGrows = (answerPx: number) =>
  act(() => {
    layout.answerPx = answerPx;
    ManualResizeObserver.resize(screen.getByTestId("answer"));
  });
/** The reader turns the wheel to scroll to `top`. */
const readerScrolls = (top: number) =>
  act(() => {
    fireEvent.wheel(scroller());
    scroller().scrollTop = top;
    fireEvent.scroll(scroller());
  });
/** The list scrolls to `top` by itself (as the virtualizer does to keep measured rows in place). */
const listScrolls = (top: number) =>
  act(() => {
    scroller().scrollTop = top;
    fireEvent.scroll(scroller());
  });

describe("useStickToBottom", () => {
  let original: typeof ResizeObserver;
  beforeEach(() => {
    original = globalThis.ResizeObserver;
    Object.assign(layout, { viewPx: 600, contentPx: 2000, turnTopPx: 1400, answerPx: 100 });
    ManualResizeObserver.all = [];
    globalThis.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;
    render(<Harness />);
  });
  afterEach(() => {
    globalThis.ResizeObserver = original;
  });

  it("follows the end of a growing conversation opened at its end", () => {
    act(() => api().scrollToEnd());
    expect(scroller().scrollTop).toBe(1400);
    grow(2100);
    expect(scroller().scrollTop).toBe(1500);
    expect(screen.getByTestId("at-bottom")).toHaveTextContent("true");
  });

  it("gives the view's height to the room below a turn", () => {
    expect(scroller().style.getPropertyValue("--chat-view-height")).toBe("600px");
  });

  it("keeps a turn just asked at the top while its answer grows past the end of the view", () => {
    act(() => api().showTurn());
    expect(scroller().scrollTop).toBe(1400 - TURN_TOP_GAP_PX);
    // The scroll event of that move is the hook's own: the end (48 px away) does not take over.
    listScrolls(1400 - TURN_TOP_GAP_PX);
    grow(2700);
    expect(scroller().scrollTop).toBe(1400 - TURN_TOP_GAP_PX);
    expect(screen.getByTestId("at-bottom")).toHaveTextContent("false");
  });

  it("keeps the turn in place when rows above it change height and the list scrolls by itself", () => {
    act(() => api().showTurn());
    layout.turnTopPx = 1300;
    listScrolls(1400);
    grow(1900);
    expect(scroller().scrollTop).toBe(1300 - TURN_TOP_GAP_PX);
  });

  it("stays where the reader scrolls to, and follows the end again once the reader reaches it", () => {
    act(() => api().showTurn());
    readerScrolls(900);
    grow(2400);
    expect(scroller().scrollTop).toBe(900);
    readerScrolls(1800);
    grow(2500);
    expect(scroller().scrollTop).toBe(1900);
    expect(screen.getByTestId("at-bottom")).toHaveTextContent("true");
  });

  it("lets go of the end when the reader scrolls up with a key, not when the list scrolls by itself", () => {
    act(() => api().scrollToEnd());
    listScrolls(1000);
    grow(2100);
    expect(scroller().scrollTop).toBe(1500);
    listScrolls(1500);
    act(() => {
      fireEvent.keyDown(document.body, { key: "PageUp" });
      scroller().scrollTop = 1000;
      fireEvent.scroll(scroller());
    });
    grow(2200);
    expect(scroller().scrollTop).toBe(1000);
    expect(screen.getByTestId("at-bottom")).toHaveTextContent("false");
  });

  it("stops following when the reader works at a control in the list, and a press on it is no scroll of the reader's", () => {
    act(() => api().scrollToEnd());
    // A press on a button in the list (a version switch), then the browser's own scroll as the
    // content changes: the end is not taken as the reader's choice.
    const button = screen.getByRole("button", { name: "Next version" });
    act(() => {
      fireEvent.pointerDown(button);
      button.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      scroller().scrollTop = 1300;
      fireEvent.scroll(scroller());
    });
    grow(2600);
    expect(scroller().scrollTop).toBe(1300);
    // A new question or answer is followed again.
    act(() => api().showTurn());
    expect(scroller().scrollTop).toBe(1400 - TURN_TOP_GAP_PX);
  });

  it("takes a selection dragged from the text past the view's top as the reader's scroll", () => {
    act(() => api().scrollToEnd());
    expect(scroller().scrollTop).toBe(1400);
    // The press on the text focuses the list itself (for its keys): that is no control, the end is still followed.
    act(() => {
      fireEvent.pointerDown(screen.getByTestId("answer"));
      scroller().dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    });
    grow(2100);
    expect(scroller().scrollTop).toBe(1500);
    listScrolls(1500);
    // The browser scrolls up as the selection grows past the view's top, with no wheel or key.
    listScrolls(900);
    grow(2200);
    expect(scroller().scrollTop).toBe(900);
    expect(screen.getByTestId("at-bottom")).toHaveTextContent("false");
    act(() => {
      fireEvent.pointerUp(window);
    });
  });

  it("grows the room below a kept answer a view at a time, and drops it to follow the end", () => {
    act(() => api().showTurn());
    const turn = screen.getByTestId("turn");
    const room = () => [turn.style.height, turn.style.contain];
    // The room: the view below the gap, a fixed height laid out on its own (size containment).
    answerGrows(500);
    expect(room()).toEqual([`${600 - TURN_TOP_GAP_PX}px`, "strict"]);
    answerGrows(700);
    expect(room()).toEqual([`${700 + TURN_TOP_GAP_PX + 600}px`, "strict"]);
    // Lines added within the room leave it (and the content's height) as it is.
    answerGrows(1200);
    expect(room()).toEqual([`${700 + TURN_TOP_GAP_PX + 600}px`, "strict"]);
    answerGrows(1400);
    expect(room()).toEqual([`${1400 + TURN_TOP_GAP_PX + 600}px`, "strict"]);
    act(() => api().scrollToEnd());
    expect(room()).toEqual(["", ""]);
    answerGrows(1600);
    expect(room()).toEqual(["", ""]);
  });

  it("gives no room while the view is not laid out, and the view's once it is", () => {
    act(() => api().showTurn());
    const turn = screen.getByTestId("turn");
    layout.viewPx = 0;
    answerGrows(300);
    expect(turn.style.height).toBe("");
    layout.viewPx = 600;
    answerGrows(310);
    expect(turn.style.height).toBe(`${600 - TURN_TOP_GAP_PX}px`);
  });
});
