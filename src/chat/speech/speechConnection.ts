/**
 * The browser's side of "Read answers aloud": a receive-only audio WebRTC
 * connection to the server's speech engine (connectTextToSpeechVideo), the
 * remote track played by an <audio> element. The offer is sent once ICE
 * gathering is complete (the server takes no trickled candidates).
 */
import { api, unwrap } from "../../app/api/client";

/** Host candidates gather at once; a slow interface is not waited for longer than this. */
const GATHER_TIMEOUT_MS = 3000;

export interface SpeechConnection {
  /** Closes the connection here and on the server. */
  close(): void;
}

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", onChange);
      resolve();
    };
    const onChange = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, GATHER_TIMEOUT_MS);
    pc.addEventListener("icegatheringstatechange", onChange);
  });
}

/**
 * Connects and plays the speech in `audio`; rejects with an ApiError when the server refuses.
 * While every session is in use the request waits and retries (503 and Retry-After, as every
 * call does) until `signal` gives up.
 */
export async function connectSpeech(audio: HTMLAudioElement, signal: AbortSignal): Promise<SpeechConnection> {
  const pc = new RTCPeerConnection();
  pc.addTransceiver("audio", { direction: "recvonly" });
  pc.addEventListener("track", (event) => {
    audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    // Started from the toggle's click, so autoplay is allowed; a refusal only means silence.
    void audio.play().catch(() => undefined);
  });
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const { remoteSdp } = await unwrap(
      api.POST("/userConversations/connectTextToSpeechVideo", { body: { localSdp: pc.localDescription!.sdp }, signal }),
    );
    await pc.setRemoteDescription({ type: "answer", sdp: remoteSdp });
  } catch (error) {
    pc.close();
    throw error;
  }
  let closed = false;
  return {
    close() {
      if (closed) return;
      closed = true;
      pc.close();
      audio.srcObject = null;
      void unwrap(api.POST("/userConversations/disconnectTextToSpeechVideo")).catch(() => undefined);
    },
  };
}

/** Drops what is being said and everything queued; the connection stays. */
export function stopSpeaking(): Promise<void> {
  return unwrap(api.POST("/userConversations/stopSpeaking")).then(() => undefined);
}
