import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import "../../src/app/i18n/i18n";
// Admin components are rendered here without AdminApp, which adds their wording in the product.
import "../../src/app/i18n/adminStrings";
import { installMatchMedia, setViewportWidth } from "./utils/matchMedia";
import { resetAppState } from "./utils/resetAppState";
import { server } from "./utils/server";

/** jsdom has no ResizeObserver (it lays nothing out); the components only need one to exist. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(() => {
  globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
  installMatchMedia();
  server.listen({ onUnhandledRequest: "error" });
});

beforeEach(() => {
  setViewportWidth(1440);
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetAppState();
  window.history.replaceState(null, "", "/");
});

afterAll(() => server.close());
