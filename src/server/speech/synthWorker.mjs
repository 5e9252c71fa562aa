/**
 * The speech synthesiser's process: eSpeak NG compiled to WebAssembly (the npm package carries
 * the program and its voice data; nothing is fetched at run time). One message in, one sentence
 * of 16-bit mono PCM out, at the synthesiser's own rate. The program runs to completion per
 * sentence (the build exports no re-entrant entry point), so a fresh instance is made each time
 * from the module compiled once.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import ESpeakNg from "espeak-ng";

const require = createRequire(import.meta.url);
const wasmFile = join(dirname(require.resolve("espeak-ng")), "espeak-ng.wasm");
const compiled = WebAssembly.compile(readFileSync(wasmFile));

const INPUT = "/speech-input.txt";
const OUTPUT = "/speech-output.wav";

/** The samples and rate of a RIFF/WAVE file of 16-bit PCM. */
function pcmOfWav(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sampleRate = 22050;
  for (let at = 12; at + 8 <= bytes.byteLength;) {
    const id = String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt ") sampleRate = view.getUint32(at + 12, true);
    if (id === "data") {
      // eSpeak writes a placeholder size when its output is not seekable: take what is there.
      const length = Math.min(size, bytes.byteLength - at - 8) >> 1;
      const samples = new Int16Array(length);
      for (let i = 0; i < length; i += 1) samples[i] = view.getInt16(at + 8 + i * 2, true);
      return { samples, sampleRate };
    }
    at += 8 + size + (size & 1);
  }
  return { samples: new Int16Array(0), sampleRate };
}

async function synthesize({ text, voice, wordsPerMinute }) {
  const module = await compiled;
  const instance = await ESpeakNg({
    arguments: ["-v", voice, "-s", String(wordsPerMinute), "-w", OUTPUT, "-f", INPUT],
    print() {},
    printErr() {},
    // The text goes through a file: a sentence starting with "-" must never read as an option.
    preRun: [(m) => m.FS.writeFile(INPUT, text)],
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(module, imports).then((made) => done(made));
      return {};
    },
  });
  return pcmOfWav(instance.FS.readFile(OUTPUT));
}

// The product's process going away ends this one.
process.on("disconnect", () => process.exit(0));

/** One sentence at a time: each instance holds its own copy of the voice data. */
let queue = Promise.resolve();
process.on("message", (request) => {
  queue = queue
    .then(() => synthesize(request))
    .then(
      ({ samples, sampleRate }) => process.send({ id: request.id, samples, sampleRate }),
      (error) => process.send({ id: request.id, error: String(error?.message ?? error) }),
    );
});
