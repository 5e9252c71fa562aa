/**
 * G.711 µ-law (PCMU, RTP payload type 0): 16-bit linear samples to 8-bit
 * logarithmic codes and back, per ITU-T G.711 (bias 0x84, clip 32635).
 */
const BIAS = 0x84;
const CLIP = 32635;

/** One 16-bit sample to its µ-law code (0xff is silence). */
export function linearToMulaw(sample: number): number {
  const sign = sample < 0 ? 0x80 : 0;
  let magnitude = Math.min(Math.abs(Math.trunc(sample)), CLIP) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  magnitude = sign | (exponent << 4) | mantissa;
  return ~magnitude & 0xff;
}

/** One µ-law code back to a 16-bit sample. */
export function mulawToLinear(code: number): number {
  const u = ~code & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

export function encodeMulaw(samples: Int16Array): Uint8Array {
  const codes = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) codes[i] = linearToMulaw(samples[i]!);
  return codes;
}

export function decodeMulaw(codes: Uint8Array): Int16Array {
  const samples = new Int16Array(codes.length);
  for (let i = 0; i < codes.length; i += 1) samples[i] = mulawToLinear(codes[i]!);
  return samples;
}
