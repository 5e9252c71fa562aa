/**
 * "Read answers aloud" in Chromium against the real server: the toggle connects
 * over WebRTC, the streamed answer arrives as PCMU audio (counted by the peer
 * connection's own statistics), "Stop speaking" and turning off reach the server.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openaiModelEnv, setUpE2eAppWithModel, signInToChat } from "./fakeModelApp.ts";
import { expectVisible } from "./harness.ts";

const { app, model } = setUpE2eAppWithModel({ serverEnv: openaiModelEnv });

/** Keeps every RTCPeerConnection the page makes, so the test can read its statistics. */
async function recordPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { madePeerConnections: RTCPeerConnection[] }).madePeerConnections = made;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** The last peer connection's state and its inbound audio: packets received and the codec. */
function inboundAudio(page: Page) {
  return page.evaluate(async () => {
    const made = (window as unknown as { madePeerConnections: RTCPeerConnection[] }).madePeerConnections;
    const pc = made.at(-1);
    if (!pc) return { state: "none", packets: 0, codec: "" };
    let packets = 0;
    let codecId = "";
    const codecs = new Map<string, string>();
    for (const report of (await pc.getStats()).values()) {
      if (report.type === "inbound-rtp" && report.kind === "audio") {
        packets = report.packetsReceived as number;
        codecId = report.codecId as string;
      }
      if (report.type === "codec") codecs.set(report.id as string, report.mimeType as string);
    }
    return { state: pc.connectionState, packets, codec: codecs.get(codecId) ?? "" };
  });
}

describe("reading answers aloud", () => {
  it("connects, receives the answer as PCMU audio, stops speaking and disconnects", async () => {
    const sentences = [
      "Hello from the speech engine.",
      " This answer is read aloud.",
      " Every sentence is spoken as it arrives.",
    ];
    model().enqueue({ tokens: sentences, delayMs: 100 }, { tokens: ["Spoken"] });
    const { page, chat } = await signInToChat(app);
    await recordPeerConnections(page);
    await page.reload();
    await expectVisible(chat.composer, "the composer");

    const toggle = page.getByRole("button", { name: "Read answers aloud" });
    await expectVisible(toggle, "the read-aloud toggle");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    const connected = page.waitForResponse((r) => r.url().endsWith("/userConversations/connectTextToSpeechVideo"));
    await toggle.click();
    expect((await connected).status()).toBe(200);
    const stop = page.getByRole("button", { name: "Stop speaking" });
    await expectVisible(stop, "the Stop speaking button");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await app.screenshot(page, "chat-read-aloud-on");
    await page.waitForFunction(
      () =>
        (window as unknown as { madePeerConnections: RTCPeerConnection[] }).madePeerConnections.at(-1)
          ?.connectionState === "connected",
    );

    await chat.ask("Read this to me");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    await expect.poll(async () => (await inboundAudio(page)).packets, { timeout: 15_000 }).toBeGreaterThan(25);
    expect((await inboundAudio(page)).codec).toBe("audio/PCMU");

    const stopped = page.waitForResponse((r) => r.url().endsWith("/userConversations/stopSpeaking"));
    await stop.click();
    expect((await stopped).status()).toBe(204);

    const disconnected = page.waitForResponse((r) =>
      r.url().endsWith("/userConversations/disconnectTextToSpeechVideo"),
    );
    await toggle.click();
    expect((await disconnected).status()).toBe(204);
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await stop.count()).toBe(0);
    expect((await inboundAudio(page)).state).toBe("closed");
  });
});
