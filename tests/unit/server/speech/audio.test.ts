import { describe, expect, it } from "vitest";
import { decodeMulaw, encodeMulaw, linearToMulaw, mulawToLinear } from "../../../../src/server/speech/mulaw";
import { resample } from "../../../../src/server/speech/resample";

describe("µ-law (G.711)", () => {
  it("encodes the reference values", () => {
    expect(linearToMulaw(0)).toBe(0xff);
    expect(linearToMulaw(-1)).toBe(0x7f);
    expect(linearToMulaw(32767)).toBe(0x80);
    expect(linearToMulaw(-32768)).toBe(0x00);
    expect(linearToMulaw(1000)).toBe(0xce);
    expect(linearToMulaw(-1000)).toBe(0x4e);
  });

  it("decodes the reference values", () => {
    expect(mulawToLinear(0xff)).toBe(0);
    expect(mulawToLinear(0x80)).toBe(32124);
    expect(mulawToLinear(0x00)).toBe(-32124);
    expect(mulawToLinear(0xce)).toBe(988);
  });

  it("round-trips within the codec's step size", () => {
    for (let sample = -32000; sample <= 32000; sample += 97) {
      const back = mulawToLinear(linearToMulaw(sample));
      expect(Math.abs(back - sample)).toBeLessThanOrEqual(Math.max(8, Math.abs(sample) / 16));
      expect(Math.sign(back) * Math.sign(sample)).not.toBe(-1);
    }
  });

  it("encodes and decodes whole buffers", () => {
    const samples = Int16Array.from([0, 100, -100, 20000, -20000]);
    const codes = encodeMulaw(samples);
    expect(codes).toBeInstanceOf(Uint8Array);
    expect([...codes]).toEqual([...samples].map(linearToMulaw));
    expect([...decodeMulaw(codes)]).toEqual([...codes].map(mulawToLinear));
  });
});

describe("resample", () => {
  it("keeps the duration: 22050 Hz to 8000 Hz", () => {
    expect(resample(new Int16Array(22050), 22050, 8000).length).toBe(8000);
    expect(resample(new Int16Array(16000), 16000, 8000).length).toBe(8000);
  });

  const tone = (frequency: number, rate: number) =>
    Int16Array.from({ length: rate }, (_, i) => Math.round(10000 * Math.sin((2 * Math.PI * frequency * i) / rate)));
  /** The loudest sample away from the edges. */
  const peak = (samples: Int16Array) => Math.max(...[...samples.subarray(200, samples.length - 200)].map(Math.abs));

  it("keeps a constant level exactly", () => {
    expect([...resample(new Int16Array(300).fill(1234), 22050, 8000)].every((s) => s === 1234)).toBe(true);
    expect([...resample(new Int16Array(300).fill(-77), 8000, 16000)].every((s) => s === -77)).toBe(true);
  });

  it("keeps a tone in the telephone band and removes one above 4 kHz", () => {
    expect(peak(resample(tone(440, 22050), 22050, 8000))).toBeGreaterThan(9500);
    expect(peak(resample(tone(3000, 22050), 22050, 8000))).toBeGreaterThan(9000);
    expect(peak(resample(tone(5500, 22050), 22050, 8000))).toBeLessThan(500);
    expect(peak(resample(tone(9000, 22050), 22050, 8000))).toBeLessThan(500);
  });

  it("upsamples a tone without changing it", () => {
    const up = resample(tone(440, 8000), 8000, 16000);
    expect(up.length).toBe(16000);
    expect(peak(up)).toBeGreaterThan(9500);
    expect(Math.abs(up[1000]! - Math.round(10000 * Math.sin((2 * Math.PI * 440 * 1000) / 16000)))).toBeLessThan(300);
  });

  it("copies when the rates are equal and refuses a rate of zero", () => {
    const input = Int16Array.from([1, 2, 3]);
    const output = resample(input, 8000, 8000);
    expect([...output]).toEqual([1, 2, 3]);
    expect(output).not.toBe(input);
    expect(() => resample(input, 0, 8000)).toThrow(RangeError);
  });
});
