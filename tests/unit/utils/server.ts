import { setupServer } from "msw/node";
import { defaultHandlers } from "./handlers";

/** One msw server for the unit project; unhandled requests fail the test (see setup.ts). */
export const server = setupServer(...defaultHandlers);
