import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RtpPacer, type RtpOut } from "../../../../src/server/speech/rtpPacer";

let clock = 0;
beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
});
afterEach(() => vi.useRealTimers());

function pacerWith(pieces: Uint8Array[]) {
  const sent: RtpOut[] = [];
  const idle = vi.fn();
  const pacer = new RtpPacer(
    (p) => sent.push(p),
    () => pieces.shift(),
    idle,
    () => clock,
  );
  return { pacer, sent, idle };
}

function advance(ms: number) {
  for (let i = 0; i < ms; i += 10) {
    clock += 10;
    vi.advanceTimersByTime(10);
  }
}

describe("RTP pacing", () => {
  it("sends 160-byte packets every 20 ms, padding the last with silence, then goes idle", () => {
    const { pacer, sent, idle } = pacerWith([new Uint8Array(400).fill(1)]);
    pacer.wake();
    expect(sent.length).toBe(1);
    advance(20);
    expect(sent.length).toBe(2);
    advance(40);
    expect(sent.length).toBe(3);
    expect(sent.every((p) => p.payload.length === 160)).toBe(true);
    expect([...sent[2]!.payload.subarray(0, 80)].every((b) => b === 1)).toBe(true);
    expect([...sent[2]!.payload.subarray(80)].every((b) => b === 0xff)).toBe(true);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(pacer.playing).toBe(false);
    expect(sent.map((p) => p.marker)).toEqual([true, false, false]);
    expect(sent[1]!.timestamp - sent[0]!.timestamp).toBe(160);
    expect((sent[1]!.sequenceNumber - sent[0]!.sequenceNumber) & 0xffff).toBe(1);
  });

  it("starts the next talk spurt with the marker and a timestamp moved on with the clock", () => {
    const pieces = [new Uint8Array(160)];
    const { pacer, sent } = pacerWith(pieces);
    pacer.wake();
    advance(40);
    clock += 1000;
    pieces.push(new Uint8Array(160));
    pacer.wake();
    expect(sent.length).toBe(2);
    expect(sent[1]!.marker).toBe(true);
    expect(sent[1]!.timestamp - sent[0]!.timestamp).toBeGreaterThanOrEqual(8000);
  });

  it("stop drops the audio being played", () => {
    const { pacer, sent } = pacerWith([new Uint8Array(16000)]);
    pacer.wake();
    advance(100);
    pacer.stop();
    const count = sent.length;
    advance(200);
    expect(sent.length).toBe(count);
    expect(pacer.playing).toBe(false);
  });
});
