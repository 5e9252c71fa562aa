import { lazyNamed } from "../../app/lazy/lazyNamed";

/** An answer's sources: loads with the first answer that has citations. */
export const CitationList = lazyNamed(() => import("../citations/CitationList"), "CitationList");

/** An answer's code, output and files from the code interpreter: loads with the first answer that used it. */
export const CodeInterpreterPanel = lazyNamed(
  () => import("../codeInterpreter/CodeInterpreterPanel"),
  "CodeInterpreterPanel",
);

/**
 * Fetches both parts (a few kB) while a conversation loads (a new one too: it loads as soon as its
 * first answer starts): rendered before they are there, they would appear only after React's 300 ms
 * fallback throttle.
 */
export function preloadAnswerParts(): Promise<void> {
  return Promise.all([CitationList.preload(), CodeInterpreterPanel.preload()]).then(() => undefined);
}
