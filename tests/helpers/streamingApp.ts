/**
 * The set-up of a test file that streams answers through the app. Apart from chatFixtures.ts, which
 * the benchmarks import too: this one needs Vitest (buildTestApp's database).
 */
import { startFakeModelServer, type FakeModelServer } from "../fakes/fakeModelServer";
import { buildTestApp, type TestApp } from "./buildTestApp";
import { createAgent, listen } from "./chatFixtures";

/**
 * A streaming test file's set-up: the fake model, the app listening on loopback, a user of its own
 * (named after `userName`) with a token, and an agent answering through the fake model.
 */
export async function startStreamingApp(userName: string) {
  const fake = await startFakeModelServer();
  const t = await buildTestApp();
  const base = await listen(t.app);
  const token = await t.tokenFor(await t.createUser({ userName: `${userName}-${Date.now()}`, roles: ["user"] }));
  const { gptSystemId: agentId } = await createAgent(t.deps.database.db, {
    openaiBaseUrl: fake.openaiBaseUrl,
    encryptionKey: t.deps.config.encryptionKey,
  });
  return { fake, t, base, token, agentId };
}

export async function stopStreamingApp({ t, fake }: { t: TestApp; fake: FakeModelServer }): Promise<void> {
  await t.close();
  await fake.close();
}
