/** Contract samples for the speech operations: a complete (non-trickle) offer as a browser sends it. */

/** A receive-only PCMU offer; its one candidate is on a documentation address that never answers. */
export const SAMPLE_OFFER = [
  "v=0",
  "o=- 42719217 0 IN IP4 0.0.0.0",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "a=msid-semantic:WMS *",
  "m=audio 9 UDP/TLS/RTP/SAVPF 0",
  "c=IN IP4 0.0.0.0",
  "a=candidate:1 1 udp 2116026367 192.0.2.123 60990 typ host generation 0",
  "a=end-of-candidates",
  "a=ice-ufrag:e2ae",
  "a=ice-pwd:02c9505230b8ac0b5e8f46aaaa",
  "a=fingerprint:sha-256 9B:8D:EC:08:9F:40:00:25:B0:7A:60:46:2B:91:66:AD:D9:D8:C6:CA:6E:EB:6F:96:B3:72:86:18:71:53:C6:6D",
  "a=setup:actpass",
  "a=recvonly",
  "a=mid:0",
  "a=rtcp-mux",
  "a=rtpmap:0 PCMU/8000",
  "",
].join("\r\n");

export const speechSamples = [
  {
    operationId: "connectTextToSpeechVideo",
    method: "POST" as const,
    url: "/userConversations/connectTextToSpeechVideo",
    payload: { localSdp: "not sdp" },
    status: 400,
  },
  {
    operationId: "connectTextToSpeechVideo",
    method: "POST" as const,
    url: "/userConversations/connectTextToSpeechVideo",
    payload: { localSdp: SAMPLE_OFFER },
    status: 200,
  },
  { operationId: "stopSpeaking", method: "POST" as const, url: "/userConversations/stopSpeaking", status: 204 },
  // Leaves no session behind for the samples that stream answers.
  {
    operationId: "disconnectTextToSpeechVideo",
    method: "POST" as const,
    url: "/userConversations/disconnectTextToSpeechVideo",
    status: 204,
  },
];
