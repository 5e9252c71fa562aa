/**
 * Sends 8 kHz µ-law audio as RTP at its real pace: 20 ms per packet
 * (160 samples), timed against the clock rather than by counting timer ticks,
 * so a late tick sends what is due instead of stretching the speech. Between
 * talk spurts nothing is sent; the next spurt starts with the marker bit and a
 * timestamp that moved on with the wall clock (RFC 3551 §4.1).
 */
import { randomInt } from "node:crypto";

export const SAMPLES_PER_PACKET = 160;
export const PACKET_MS = 20;
const TICK_MS = 10;
/** After a stall, at most this many packets go out at once; older audio is dropped rather than burst. */
const MAX_CATCH_UP = 5;

export interface RtpOut {
  sequenceNumber: number;
  timestamp: number;
  marker: boolean;
  payload: Buffer;
}

export class RtpPacer {
  private sequenceNumber = randomInt(0, 0x10000);
  private timestamp = randomInt(0, 0x100000000);
  private audio: Uint8Array = new Uint8Array(0);
  private offset = 0;
  private timer: NodeJS.Timeout | undefined;
  private spurtStartedAt = 0;
  private sentInSpurt = 0;
  private lastPacketAt: number | undefined;

  /**
   * @param send called per packet
   * @param nextAudio gives the next piece of audio to play, or undefined when there is none now
   * @param onIdle called when the audio ran out
   */
  constructor(
    private readonly send: (packet: RtpOut) => void,
    private readonly nextAudio: () => Uint8Array | undefined,
    private readonly onIdle: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get playing(): boolean {
    return this.timer !== undefined;
  }

  /** Starts sending if audio is waiting; a no-op while already sending. */
  wake(): void {
    if (this.timer) return;
    if (!this.loadNext()) return;
    const now = this.now();
    if (this.lastPacketAt !== undefined) {
      const silentPackets = Math.max(1, Math.round((now - this.lastPacketAt) / PACKET_MS));
      this.timestamp = (this.timestamp + silentPackets * SAMPLES_PER_PACKET) >>> 0;
    }
    this.spurtStartedAt = now;
    this.sentInSpurt = 0;
    this.sendDue(true);
    this.timer = setInterval(() => this.sendDue(false), TICK_MS);
  }

  /** Drops the audio being played; the caller has already emptied what comes next. */
  stop(): void {
    this.audio = new Uint8Array(0);
    this.offset = 0;
    this.halt();
  }

  private halt(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private loadNext(): boolean {
    while (this.offset >= this.audio.length) {
      const next = this.nextAudio();
      if (!next) return false;
      this.audio = next;
      this.offset = 0;
    }
    return true;
  }

  private sendDue(first: boolean): void {
    const due = Math.floor((this.now() - this.spurtStartedAt) / PACKET_MS) + 1 - this.sentInSpurt;
    if (due > MAX_CATCH_UP) this.sentInSpurt += due - MAX_CATCH_UP;
    for (let i = 0; i < Math.min(due, MAX_CATCH_UP); i += 1) {
      if (!this.loadNext()) {
        this.halt();
        this.onIdle();
        return;
      }
      const payload = Buffer.alloc(SAMPLES_PER_PACKET, 0xff);
      payload.set(this.audio.subarray(this.offset, this.offset + SAMPLES_PER_PACKET));
      this.offset += SAMPLES_PER_PACKET;
      this.send({ sequenceNumber: this.sequenceNumber, timestamp: this.timestamp, marker: first && i === 0, payload });
      this.sequenceNumber = (this.sequenceNumber + 1) & 0xffff;
      this.timestamp = (this.timestamp + SAMPLES_PER_PACKET) >>> 0;
      this.sentInSpurt += 1;
      this.lastPacketAt = this.now();
    }
  }
}
