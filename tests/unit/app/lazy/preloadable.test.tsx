import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { preloadable } from "../../../../src/app/lazy/preloadable";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module whose loading the test counts and controls. */
function deferredModule() {
  const module = { Greeting };
  let loads = 0;
  const load = () => {
    loads += 1;
    return Promise.resolve(module);
  };
  return { load, loads: () => loads };
}

const shown = (Component: (props: { name: string }) => React.ReactNode) => (
  <Suspense fallback={<p>Loading</p>}>
    <Component name="Ada" />
  </Suspense>
);

describe("preloadable", () => {
  it("renders at once, without the Suspense fallback, once preloaded", async () => {
    const { load, loads } = deferredModule();
    const { Component, preload } = preloadable(load, "Greeting");
    await preload();
    render(shown(Component));
    expect(screen.getByText("Hello Ada")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).not.toBeInTheDocument();
    expect(loads()).toBe(1);
  });

  it("suspends while the module loads when it was not preloaded, then shows it", async () => {
    const { load } = deferredModule();
    const { Component } = preloadable(load, "Greeting");
    render(shown(Component));
    expect(screen.getByText("Loading")).toBeInTheDocument();
    expect(await screen.findByText("Hello Ada")).toBeInTheDocument();
  });
});
