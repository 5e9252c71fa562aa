import { render, screen } from "@testing-library/react";
import { type ComponentType, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyNamed } from "../../../../src/app/lazy/lazyNamed";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module whose loads the test counts; the first `failures` of them fail. */
function countedModule(failures = 0) {
  let loads = 0;
  const load = async () => {
    loads += 1;
    if (loads <= failures) throw new Error("chunk failed to load");
    return { Greeting };
  };
  return { load, loads: () => loads };
}

const shown = (Component: ComponentType<{ name: string }>) => (
  <Suspense fallback={<p>Loading</p>}>
    <Component name="Ada" />
  </Suspense>
);

describe("lazyNamed", () => {
  it("suspends while the module loads on the first render, then shows the named export", async () => {
    const { load } = countedModule();
    const Component = lazyNamed(load, "Greeting");
    render(shown(Component));
    expect(screen.getByText("Loading")).toBeInTheDocument();
    expect(await screen.findByText("Hello Ada")).toBeInTheDocument();
  });

  it("renders at once, without the Suspense fallback, once preloaded; preloading twice loads once", async () => {
    const { load, loads } = countedModule();
    const Component = lazyNamed(load, "Greeting");
    await Promise.all([Component.preload(), Component.preload()]);
    render(shown(Component));
    expect(screen.getByText("Hello Ada")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).not.toBeInTheDocument();
    expect(loads()).toBe(1);
  });

  it("renders at once after an earlier render loaded the module", async () => {
    const Component = lazyNamed(countedModule().load, "Greeting");
    const first = render(shown(Component));
    await screen.findByText("Hello Ada");
    first.unmount();
    render(shown(Component));
    expect(screen.getByText("Hello Ada")).toBeInTheDocument();
  });

  it("forgets a failed preload, which does not reject, and loads again on the next", async () => {
    const { load, loads } = countedModule(1);
    const Component = lazyNamed(load, "Greeting");
    await expect(Component.preload()).resolves.toBeUndefined();
    await Component.preload();
    expect(loads()).toBe(2);
    render(shown(Component));
    expect(screen.getByText("Hello Ada")).toBeInTheDocument();
  });
});
