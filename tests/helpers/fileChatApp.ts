/**
 * A product server over real HTTP with its own data directory, a fake model server and two
 * users (an owner and a stranger, for the 404 checks): the setup the file-search and
 * code-interpreter server tests share.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeModelServer, type FakeModelServer } from "../fakes/fakeModelServer";
import { buildTestApp, type TestApp } from "./buildTestApp";
import { listen } from "./chatFixtures";

export interface FileChatApp {
  t: TestApp;
  fake: FakeModelServer;
  base: string;
  ownerToken: string;
  strangerToken: string;
  close(): Promise<void>;
}

export async function startFileChatApp(
  name: string,
  env: Record<string, string>,
  userNames: [owner: string, stranger: string],
): Promise<FileChatApp> {
  const fake = await startFakeModelServer();
  const t = await buildTestApp({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), `agent-chat-${name}-`)), ...env } });
  const base = await listen(t.app);
  const ownerToken = await t.tokenFor(await t.createUser({ userName: userNames[0], roles: ["user"] }));
  const strangerToken = await t.tokenFor(await t.createUser({ userName: userNames[1], roles: ["user"] }));
  return {
    t,
    fake,
    base,
    ownerToken,
    strangerToken,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
