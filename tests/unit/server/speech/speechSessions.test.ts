/**
 * The speech engine end to end: a werift peer plays the browser, connects through
 * connectTextToSpeechVideo, and hears the answer to a question as PCMU RTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMulaw } from "../../../../src/server/speech/mulaw";
import pino from "pino";
import { speechSettingsFrom } from "../../../../src/server/config";
import { SpeechCapacityError, SpeechSessions, speechSessionsFor } from "../../../../src/server/speech/speechSessions";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { createTestPeer, waitFor, type TestPeer } from "./testPeer";

let t: TestApp;
let base: string;
let fake: FakeModelServer;
let token: string;
let otherToken: string;
let noRolesToken: string;
let agentId: string;
const peers: TestPeer[] = [];

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp({ env: { SPEECH_MAX_SESSIONS: "1" } });
  base = await listen(t.app);
  token = await t.tokenFor(await t.createUser({ userName: `speaker-${Date.now()}`, roles: ["user"] }));
  otherToken = await t.tokenFor(await t.createUser({ userName: `listener-${Date.now()}`, roles: ["user"] }));
  noRolesToken = await t.tokenFor(await t.createUser({ userName: `speechless-${Date.now()}` }));
  ({ gptSystemId: agentId } = await createAgent(t.deps.database.db, {
    openaiBaseUrl: fake.openaiBaseUrl,
    encryptionKey: t.deps.config.encryptionKey,
  }));
});
afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.close()));
  await t.close();
  await fake.close();
});

const post = (op: string, bearer: string, payload?: object) =>
  t.app.inject({
    method: "POST",
    url: `/api/internal/userConversations/${op}`,
    headers: { authorization: `Bearer ${bearer}` },
    ...(payload ? { payload } : {}),
  });

async function connectedPeer(bearer = token): Promise<TestPeer> {
  const peer = await createTestPeer();
  peers.push(peer);
  const response = await post("connectTextToSpeechVideo", bearer, { localSdp: peer.offer });
  expect(response.statusCode, response.body).toBe(200);
  const { remoteSdp } = response.json() as { remoteSdp: string };
  expect(remoteSdp).toMatch(/^v=0\r\n/);
  expect(remoteSdp).toMatch(/a=rtpmap:0 PCMU\/8000/);
  expect(remoteSdp).toMatch(/a=sendonly/);
  await peer.accept(remoteSdp);
  return peer;
}

const ask = (question: string) =>
  readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, { question });

function loudest(peer: TestPeer): number {
  let max = 0;
  for (const packet of peer.packets)
    for (const sample of decodeMulaw(packet.payload)) max = Math.max(max, Math.abs(sample));
  return max;
}

describe("text to speech", () => {
  it("speaks a streamed answer as PCMU packets that are not silence", async () => {
    const peer = await connectedPeer();
    fake.enqueue(
      { tokens: ["Hello there", ". This is ", "a spoken **answer**.", "\n```js\nconst code = 1;\n```\n"] },
      { tokens: ["Title"] },
    );
    const { status } = await ask("Speak to me");
    expect(status).toBe(200);
    await waitFor(() => peer.packets.length >= 50, 15_000);
    expect(new Set(peer.packets.map((p) => p.header.payloadType))).toEqual(new Set([0]));
    expect(peer.packets.every((p) => p.payload.length === 160)).toBe(true);
    expect(loudest(peer)).toBeGreaterThan(2000);
    // Sequence numbers follow on from one another.
    const sequence = peer.packets.slice(0, 50).map((p) => p.header.sequenceNumber);
    expect(sequence.slice(1).every((n, i) => n === ((sequence[i]! + 1) & 0xffff))).toBe(true);
  });

  it("stopSpeaking stops the packets; the session stays connected", async () => {
    const peer = peers[0]!;
    const long = Array.from({ length: 12 }, (_, i) => `This is sentence number ${i + 1} of a long answer. `);
    fake.enqueue({ tokens: long });
    await ask("Talk a lot");
    const before = peer.packets.length;
    await waitFor(() => peer.packets.length >= before + 25, 15_000);
    expect((await post("stopSpeaking", token)).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const afterStop = peer.packets.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.packets.length).toBe(afterStop);
    expect(speechSessionsFor(t.deps).size).toBe(1);
  });

  it("refuses a second user while the only session is taken (503, Retry-After); a reconnect replaces the user's own", async () => {
    const other = await createTestPeer();
    peers.push(other);
    const full = await post("connectTextToSpeechVideo", otherToken, { localSdp: other.offer });
    expect(full.statusCode).toBe(503);
    expect(full.headers["retry-after"]).toBe("30");
    expect(full.headers["content-type"]).toBe("application/problem+json; charset=utf-8");

    const replacement = await connectedPeer();
    expect(speechSessionsFor(t.deps).size).toBe(1);
    fake.enqueue({ tokens: ["The new session speaks."] }, { tokens: ["Title"] });
    await ask("Again");
    await waitFor(() => replacement.packets.length >= 20, 15_000);
    expect(loudest(replacement)).toBeGreaterThan(2000);
  });

  it("disconnect closes the session: no more speech", async () => {
    const peer = peers.at(-1)!;
    expect((await post("disconnectTextToSpeechVideo", token)).statusCode).toBe(204);
    expect(speechSessionsFor(t.deps).size).toBe(0);
    // Packets sent before the session closed may still be on their way through the peer's socket.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = peer.packets.length;
    fake.enqueue({ tokens: ["Nobody hears this."] }, { tokens: ["Title"] });
    expect((await ask("Anyone?")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(peer.packets.length).toBe(before);
    // Disconnecting without a session is not an error.
    expect((await post("disconnectTextToSpeechVideo", token)).statusCode).toBe(204);
  });

  it("answers 403 to a user without the action", async () => {
    const peer = await createTestPeer();
    peers.push(peer);
    const response = await post("connectTextToSpeechVideo", noRolesToken, { localSdp: peer.offer });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe("This operation requires one of these actions: GptSystemsRead.");
  });

  it("answers 400 with a field error on localSdp for an offer that is not SDP", async () => {
    const response = await post("connectTextToSpeechVideo", token, { localSdp: "hello" });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(response.json().errors).toEqual({ localSdp: ["is not an SDP offer (it must start with v=0)"] });
    const noAudio = await post("connectTextToSpeechVideo", token, {
      localSdp: "v=0\r\no=- 1 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n",
    });
    expect(noAudio.statusCode).toBe(400);
    expect(noAudio.json().errors).toEqual({ localSdp: ["offers no audio"] });
    expect(speechSessionsFor(t.deps).size).toBe(0);
  });
});

describe("session lifetime", () => {
  const settings = { ...speechSettingsFrom({}), idleTimeoutSeconds: 1 };

  it("closes a session after the idle timeout without speech", async () => {
    const sessions = new SpeechSessions(settings, pino({ level: "silent" }));
    const peer = await createTestPeer();
    peers.push(peer);
    await peer.accept(await sessions.connect("idle-user", peer.offer));
    expect(sessions.size).toBe(1);
    await waitFor(() => sessions.size === 0, 5000);
    await sessions.closeAll();
  });

  it("closes every session on shutdown and refuses new ones", async () => {
    const sessions = new SpeechSessions({ ...settings, idleTimeoutSeconds: 600 }, pino({ level: "silent" }));
    const [first, second] = await Promise.all([createTestPeer(), createTestPeer()]);
    peers.push(first!, second!);
    await first!.accept(await sessions.connect("user-1", first!.offer));
    await second!.accept(await sessions.connect("user-2", second!.offer));
    expect(sessions.size).toBe(2);
    await sessions.closeAll();
    expect(sessions.size).toBe(0);
    await expect(sessions.connect("user-3", first!.offer)).rejects.toThrow(SpeechCapacityError);
  });
});
