import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { holdSwitcherInPlace } from "../../../../src/chat/conversation/holdSwitcherInPlace";

/** A list whose row 3 holds a version switcher; tops are given by hand (jsdom lays nothing out). */
function list() {
  document.body.innerHTML = `<div role="log"><div data-index="3"><div role="group" id="old"></div></div></div>`;
  const scroller = document.querySelector<HTMLElement>("[role='log']")!;
  scroller.getBoundingClientRect = () => ({ top: 100 }) as DOMRect;
  const at = (element: Element, top: () => number) =>
    (element.getBoundingClientRect = () => ({ top: top() }) as DOMRect);
  // The message starts above the view: the reader scrolled down its long answer to the switcher.
  at(scroller.querySelector("[data-index='3']")!, () => -500);
  return { scroller, at };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/** The switcher at 400 px is pressed (300 px into the view). */
function press(at: ReturnType<typeof list>["at"]) {
  const pressed = document.getElementById("old")!;
  at(pressed, () => 400);
  holdSwitcherInPlace(pressed);
}

/** The other version arrives: its switcher is a new element, `top()` px down the page before any scroll. */
function otherVersionArrives({ scroller, at }: ReturnType<typeof list>, top: () => number) {
  const row = scroller.querySelector("[data-index='3']")!;
  row.innerHTML = `<div role="group"></div>`;
  at(row.firstElementChild!, () => top() - scroller.scrollTop);
  return row.firstElementChild!;
}

describe("holdSwitcherInPlace", () => {
  it("scrolls the other version's switcher to where the pressed one was, while its rows are measured", () => {
    const shown = list();
    press(shown.at);
    // A taller answer pushes its switcher 900 px further down.
    const switcher = otherVersionArrives(shown, () => 1300);
    vi.advanceTimersByTime(20);
    expect(shown.scroller.scrollTop).toBe(900);
    expect(switcher.getBoundingClientRect().top - 100).toBe(300);
  });

  it("leaves the list alone when the message starts in the view: its question stays where it is", () => {
    const shown = list();
    shown.at(shown.scroller.querySelector("[data-index='3']")!, () => 120);
    press(shown.at);
    otherVersionArrives(shown, () => 1300);
    vi.advanceTimersByTime(100);
    expect(shown.scroller.scrollTop).toBe(0);
  });

  it("lets go when the reader scrolls", () => {
    const shown = list();
    press(shown.at);
    shown.scroller.dispatchEvent(new Event("wheel"));
    otherVersionArrives(shown, () => 1300);
    vi.advanceTimersByTime(100);
    expect(shown.scroller.scrollTop).toBe(0);
  });

  it("stops holding shortly after the other version is shown", () => {
    const shown = list();
    press(shown.at);
    let top = 1300;
    otherVersionArrives(shown, () => top);
    vi.advanceTimersByTime(100);
    expect(shown.scroller.scrollTop).toBe(900);
    vi.advanceTimersByTime(1000);
    top = 1500;
    vi.advanceTimersByTime(100);
    expect(shown.scroller.scrollTop).toBe(900);
  });
});
