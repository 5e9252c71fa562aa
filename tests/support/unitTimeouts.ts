/**
 * Waiting limits of the unit project (a setup file, before tests/unit/setup.ts). Pages and
 * panels that load on demand (React.lazy) are compiled and evaluated the first time a test
 * file renders them — about a second on an idle 2-core machine, several under load — so
 * `findBy…`/`waitFor` wait up to 5 s instead of Testing Library's 1 s. A test still fails
 * when what it waits for never comes; it only fails later.
 */
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 5_000 });
