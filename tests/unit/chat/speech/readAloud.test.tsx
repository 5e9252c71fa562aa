import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toastStore } from "../../../../src/app/toast/toastStore";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import { AGENT_ID, renderChatPage, setUpChatPageTests } from "../conversation/chatTestUtils";

setUpChatPageTests();

/** Just enough of RTCPeerConnection for the read-aloud control: an offer, gathering done at once, an answer. */
class FakePeerConnection extends EventTarget {
  static made: FakePeerConnection[] = [];
  iceGatheringState = "complete";
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  transceivers: { kind: string; init: unknown }[] = [];
  closed = false;
  constructor() {
    super();
    FakePeerConnection.made.push(this);
  }
  addTransceiver(kind: string, init: unknown) {
    this.transceivers.push({ kind, init });
  }
  async createOffer() {
    return { type: "offer", sdp: "v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\n" };
  }
  async setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = description;
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remoteDescription = description;
  }
  close() {
    this.closed = true;
  }
}

const calls: { op: string; body: unknown }[] = [];
beforeEach(() => {
  FakePeerConnection.made = [];
  calls.length = 0;
  (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection = FakePeerConnection;
  for (const op of ["stopSpeaking", "disconnectTextToSpeechVideo"])
    server.use(
      http.post(`${API}/userConversations/${op}`, () => {
        calls.push({ op, body: null });
        return new HttpResponse(null, { status: 204 });
      }),
    );
});
afterEach(() => {
  delete (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection;
});

function answerConnect(response: () => Response) {
  server.use(
    http.post(`${API}/userConversations/connectTextToSpeechVideo`, async ({ request }) => {
      calls.push({ op: "connectTextToSpeechVideo", body: await request.json() });
      return response();
    }),
  );
}

describe("read answers aloud", () => {
  it("connects with the browser's offer, offers Stop speaking while on, and disconnects when turned off", async () => {
    answerConnect(() => HttpResponse.json({ remoteSdp: "v=0\r\nanswer\r\n" }));
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    const user = userEvent.setup();
    const toggle = await screen.findByRole("button", { name: "Read answers aloud" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByRole("button", { name: "Stop speaking" })).not.toBeInTheDocument();

    await user.click(toggle);
    const stop = await screen.findByRole("button", { name: "Stop speaking" });
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    const pc = FakePeerConnection.made[0]!;
    expect(pc.transceivers).toEqual([{ kind: "audio", init: { direction: "recvonly" } }]);
    expect(calls).toEqual([
      { op: "connectTextToSpeechVideo", body: { localSdp: "v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\n" } },
    ]);
    expect(pc.remoteDescription).toEqual({ type: "answer", sdp: "v=0\r\nanswer\r\n" });

    await user.click(stop);
    await waitFor(() => expect(calls.map((c) => c.op)).toEqual(["connectTextToSpeechVideo", "stopSpeaking"]));

    await user.click(toggle);
    await waitFor(() => expect(calls.map((c) => c.op)).toContain("disconnectTextToSpeechVideo"));
    expect(pc.closed).toBe(true);
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByRole("button", { name: "Stop speaking" })).not.toBeInTheDocument();
  });

  it("waits while every session is in use (503, Retry-After) and connects once one is free", async () => {
    let answers = 0;
    answerConnect(() =>
      ++answers === 1
        ? HttpResponse.json(
            { type: "about:blank", title: "Service Unavailable", status: 503 },
            { status: 503, headers: { "content-type": "application/problem+json", "retry-after": "0" } },
          )
        : HttpResponse.json({ remoteSdp: "v=0\r\nanswer\r\n" }),
    );
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Read answers aloud" }));
    await screen.findByRole("button", { name: "Stop speaking" });
    expect(calls.map((c) => c.op)).toEqual(["connectTextToSpeechVideo", "connectTextToSpeechVideo"]);
  });

  it("turning off while waiting for a free session gives up", async () => {
    answerConnect(() =>
      HttpResponse.json(
        { type: "about:blank", title: "Service Unavailable", status: 503 },
        { status: 503, headers: { "content-type": "application/problem+json", "retry-after": "30" } },
      ),
    );
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    const user = userEvent.setup();
    const toggle = await screen.findByRole("button", { name: "Read answers aloud" });
    await user.click(toggle);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(FakePeerConnection.made[0]!.closed).toBe(true));
    expect(toastStore.getState().toasts).toEqual([]);
  });

  it("turns back off with a message when the server cannot connect", async () => {
    answerConnect(() =>
      HttpResponse.json(
        { type: "about:blank", title: "Bad Request", status: 400, errors: { localSdp: ["offers no audio"] } },
        { status: 400, headers: { "content-type": "application/problem+json" } },
      ),
    );
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    const user = userEvent.setup();
    const toggle = await screen.findByRole("button", { name: "Read answers aloud" });
    await user.click(toggle);
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.message)).toContain("Answers cannot be read aloud right now."),
    );
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(FakePeerConnection.made[0]!.closed).toBe(true);
  });

  it("is not offered where the browser has no WebRTC", async () => {
    delete (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection;
    renderChatPage({ path: `/chat/${AGENT_ID}` });
    await screen.findByRole("textbox", { name: "Message" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("button", { name: "Read answers aloud" })).not.toBeInTheDocument();
  });
});
