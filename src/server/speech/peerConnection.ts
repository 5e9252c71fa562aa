/**
 * The server's side of one WebRTC connection: answers the browser's complete
 * (non-trickle) offer with a send-only PCMU audio track, candidates included.
 */
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from "werift";
import type { SpeechSettings } from "../config";

/** Gathering host candidates is immediate; STUN is given a few seconds (iceStunGatherTimeout). */
const GATHER_TIMEOUT_MS = 10_000;

export class InvalidOfferError extends Error {}

export interface AnsweredConnection {
  pc: RTCPeerConnection;
  track: MediaStreamTrack;
  /** The answer SDP to give back to the browser. */
  sdp: string;
}

/** What an offer must carry before werift is asked to parse it. */
export function checkOffer(sdp: string): void {
  if (!/^v=0\r?\n/.test(sdp)) throw new InvalidOfferError("is not an SDP offer (it must start with v=0)");
  if (!/^m=audio /m.test(sdp)) throw new InvalidOfferError("offers no audio");
  if (!/^a=rtpmap:0 PCMU\/8000/im.test(sdp)) throw new InvalidOfferError("does not offer PCMU audio (payload type 0)");
  if (!/^a=ice-ufrag:/m.test(sdp) || !/^a=fingerprint:/m.test(sdp))
    throw new InvalidOfferError("lacks ICE credentials or a DTLS fingerprint");
}

/** Host candidates announce the public address instead of the interface's (1:1 NAT, same ports). */
export function announce(sdp: string, address: string | undefined): string {
  if (!address) return sdp;
  return sdp.replace(/^(a=candidate:\S+ \d+ udp \d+ )(\S+)( \d+ typ host)/gim, `$1${address}$3`);
}

export async function answerOffer(offerSdp: string, settings: SpeechSettings): Promise<AnsweredConnection> {
  checkOffer(offerSdp);
  const pc = new RTCPeerConnection({
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: "audio/PCMU", clockRate: 8000, channels: 1, payloadType: 0 })],
    },
    iceServers: settings.stunUrls.map((urls) => ({ urls })),
    icePortRange: settings.udpPortRange,
    iceUseIpv6: false,
    ...(settings.interfaceAddress ? { iceInterfaceAddresses: { udp4: settings.interfaceAddress } } : {}),
  });
  try {
    try {
      await pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
    } catch (error) {
      throw new InvalidOfferError(`could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    const transceiver = pc.getTransceivers().find((t) => t.kind === "audio");
    if (!transceiver) throw new InvalidOfferError("offers no audio");
    const track = new MediaStreamTrack({ kind: "audio" });
    await transceiver.sender.replaceTrack(track);
    transceiver.setDirection("sendonly");
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    const sdp = pc.localDescription?.sdp;
    if (!sdp) throw new Error("no local description after gathering");
    return { pc, track, sdp: announce(sdp, settings.announcedAddress) };
  } catch (error) {
    await pc.close().catch(() => undefined);
    throw error;
  }
}

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.unSubscribe();
      reject(new Error("ICE gathering did not complete"));
    }, GATHER_TIMEOUT_MS);
    const subscription = pc.iceGatheringStateChange.subscribe((state) => {
      if (state !== "complete") return;
      clearTimeout(timer);
      subscription.unSubscribe();
      resolve();
    });
  });
}
