/**
 * One user's connected speech: the peer connection, the sentences waiting to be
 * synthesised and played, and the pacer sending them. A new answer interrupts
 * the previous one; stop() drops everything; an idle session ends itself.
 */
import type { MediaStreamTrack, RTCPeerConnection } from "werift";
import { RtpHeader, RtpPacket } from "werift";
import type { RtpOut } from "./rtpPacer";
import { RtpPacer } from "./rtpPacer";
import type { Synthesizer } from "./synthesizer";
import { SentenceSplitter } from "./speechText";

/** What the answer stream feeds: the answer's text as it grows, then its end. */
export interface AnswerSpeech {
  push(text: string): void;
  end(): void;
}

interface Queued {
  audio: Promise<Uint8Array | null>;
  ready: Uint8Array | null | undefined;
}

export class SpeechSession {
  private readonly queue: Queued[] = [];
  private readonly pacer: RtpPacer;
  private generation = 0;
  private abort = new AbortController();
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly pc: RTCPeerConnection,
    private readonly track: MediaStreamTrack,
    private readonly synthesizer: Synthesizer,
    private readonly idleTimeoutMs: number,
    private readonly onClosed: (session: SpeechSession) => void,
  ) {
    this.pacer = new RtpPacer(
      (packet) => this.sendRtp(packet),
      () => this.nextAudio(),
      () => this.armIdleTimer(),
    );
    pc.connectionStateChange.subscribe((state) => {
      if (state === "connected") this.pacer.wake();
      if (state === "failed" || state === "closed") void this.close();
    });
    this.armIdleTimer();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Speaks one answer, interrupting whatever was being said. */
  speakAnswer(): AnswerSpeech {
    this.stop();
    const generation = this.generation;
    const splitter = new SentenceSplitter();
    const say = (sentences: string[]) => {
      if (generation === this.generation) for (const sentence of sentences) this.enqueue(sentence);
    };
    return { push: (text) => say(splitter.push(text)), end: () => say(splitter.end()) };
  }

  /** Drops the sentence being spoken and everything queued. */
  stop(): void {
    this.generation += 1;
    this.abort.abort();
    this.abort = new AbortController();
    this.queue.length = 0;
    this.pacer.stop();
    this.armIdleTimer();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stop();
    clearTimeout(this.idleTimer);
    this.track.stop();
    this.onClosed(this);
    await this.pc.close().catch(() => undefined);
  }

  private enqueue(sentence: string): void {
    if (this.closed) return;
    clearTimeout(this.idleTimer);
    const item: Queued = { audio: this.synthesizer.synthesize(sentence, this.abort.signal), ready: undefined };
    const generation = this.generation;
    this.queue.push(item);
    item.audio.then(
      (audio) => {
        item.ready = audio;
        if (generation === this.generation && this.pc.connectionState === "connected") this.pacer.wake();
      },
      () => {
        // A sentence the synthesiser could not say is skipped.
        item.ready = null;
        if (generation === this.generation && this.pc.connectionState === "connected") this.pacer.wake();
      },
    );
  }

  /** The next synthesised sentence, in order; undefined while the head of the queue is still being synthesised. */
  private nextAudio(): Uint8Array | undefined {
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      if (head.ready === undefined) return undefined;
      this.queue.shift();
      if (head.ready) return head.ready;
    }
    return undefined;
  }

  private sendRtp(packet: RtpOut): void {
    const header = new RtpHeader({
      payloadType: 0,
      sequenceNumber: packet.sequenceNumber,
      timestamp: packet.timestamp,
      marker: packet.marker,
    });
    this.track.writeRtp(new RtpPacket(header, packet.payload));
  }

  /** Idle = nothing queued and nothing playing; the countdown restarts whenever speech ends. */
  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    if (this.closed || this.queue.length > 0 || this.pacer.playing) return;
    this.idleTimer = setTimeout(() => void this.close(), this.idleTimeoutMs);
    this.idleTimer.unref();
  }
}
