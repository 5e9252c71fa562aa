/**
 * The set-up of a test file that streams answers through the app. Apart from chatFixtures.ts, which
 * the benchmarks import too: this one needs Vitest (buildTestApp's database).
 */
import { startFakeModelServer, type FakeModelServer } from "../fakes/fakeModelServer";
import { buildTestApp, type TestApp } from "./buildTestApp";
import { createAgent, listen } from "./chatFixtures";

/**
 * A streaming test file's set-up: the fake model, the app listening on loopback (with `env`), a user of
 * its own (named after `userName`) with a token, and an agent answering through the fake model.
 */
export async function startStreamingApp(userName: string, env: Record<string, string> = {}) {
  const fake = await startFakeModelServer();
  const t = await buildTestApp({ env });
  const base = await listen(t.app);
  const user = await t.createUser({ userName: `${userName}-${Date.now()}`, roles: ["user"] });
  const token = await t.tokenFor(user);
  const { gptSystemId: agentId } = await createAgent(t.deps.database.db, {
    openaiBaseUrl: fake.openaiBaseUrl,
    encryptionKey: t.deps.config.encryptionKey,
  });
  return { fake, t, base, token, agentId, userId: user.userId };
}

export async function stopStreamingApp({ t, fake }: { t: TestApp; fake: FakeModelServer }): Promise<void> {
  await t.close();
  await fake.close();
}
