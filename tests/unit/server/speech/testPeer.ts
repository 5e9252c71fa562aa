/** A werift peer playing the browser: a receive-only PCMU audio transceiver, the offer sent once ICE gathering is complete. */
import { RTCPeerConnection, RTCRtpCodecParameters, type RtpPacket } from "werift";

export interface TestPeer {
  pc: RTCPeerConnection;
  offer: string;
  packets: RtpPacket[];
  accept(answerSdp: string): Promise<void>;
  connectionStates: string[];
  close(): Promise<void>;
}

export async function createTestPeer(): Promise<TestPeer> {
  const pc = new RTCPeerConnection({
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: "audio/PCMU", clockRate: 8000, channels: 1, payloadType: 0 })],
    },
    iceUseIpv6: false,
  });
  const packets: RtpPacket[] = [];
  const connectionStates: string[] = [];
  pc.connectionStateChange.subscribe((state) => connectionStates.push(state));
  const transceiver = pc.addTransceiver("audio", { direction: "recvonly" });
  transceiver.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => packets.push(rtp)));
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === "complete") resolve();
    pc.iceGatheringStateChange.subscribe((state) => state === "complete" && resolve());
  });
  return {
    pc,
    offer: pc.localDescription!.sdp,
    packets,
    connectionStates,
    async accept(answerSdp) {
      await pc.setRemoteDescription({ type: "answer", sdp: answerSdp });
      await waitFor(() => pc.connectionState === "connected", 10_000);
    },
    close: () => pc.close(),
  };
}

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
