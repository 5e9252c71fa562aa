/**
 * Sample-rate conversion of 16-bit mono PCM by windowed-sinc interpolation:
 * each output sample is a Hann-windowed sinc of the input around its position,
 * with the cut-off just under the lower rate's Nyquist frequency, so
 * downsampling (22 050 Hz speech to 8 kHz PCMU) does not fold high tones into
 * the telephone band. The weights are normalised: a constant stays exact.
 */

/** Cut-off as a share of the lower Nyquist frequency. */
const CUTOFF = 0.9;
/** Zero crossings of the sinc on each side. */
const LOBES = 6;

export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (!(fromRate > 0 && toRate > 0)) throw new RangeError("sample rates must be positive");
  if (fromRate === toRate) return input.slice();
  const ratio = fromRate / toRate;
  const output = new Int16Array(Math.floor(input.length / ratio));
  /** Cut-off in cycles per input sample. */
  const cutoff = (CUTOFF * Math.min(fromRate, toRate)) / 2 / fromRate;
  const halfWidth = LOBES / (2 * cutoff);
  for (let i = 0; i < output.length; i += 1) {
    const position = i * ratio;
    const first = Math.max(0, Math.ceil(position - halfWidth));
    const last = Math.min(input.length - 1, Math.floor(position + halfWidth));
    let sum = 0;
    let weights = 0;
    for (let j = first; j <= last; j += 1) {
      const t = j - position;
      const x = 2 * cutoff * t;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const weight = sinc * (0.5 + 0.5 * Math.cos((Math.PI * t) / halfWidth));
      sum += input[j]! * weight;
      weights += weight;
    }
    output[i] = Math.max(-32768, Math.min(32767, Math.round(sum / weights)));
  }
  return output;
}
