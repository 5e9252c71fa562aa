/**
 * A sampling CPU profile of the current thread (the inspector protocol, no
 * flags needed) and a summary: self time per area of the code (PGlite, the
 * OpenAI SDK, undici, Fastify, the product's own code, GC, idle...) and the
 * hottest functions.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileSummary {
  wallMs: number;
  /** Self time per area, in ms, largest first. */
  areas: { area: string; ms: number; share: number }[];
  /** Hottest functions by self time. */
  functions: { name: string; where: string; ms: number; share: number }[];
}

/** Starts profiling; the returned function stops, writes the raw profile to `saveTo` (a .cpuprofile for DevTools) when given, and summarises. */
export async function startProfile(samplingIntervalUs = 500, saveTo?: string): Promise<() => Promise<ProfileSummary>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: samplingIntervalUs });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile };
    await session.post("Profiler.disable");
    session.disconnect();
    if (saveTo) writeFileSync(saveTo, JSON.stringify(profile));
    return summarize(profile);
  };
}

/** Which part of the stack a frame belongs to. */
export function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (functionName === "(idle)") return "idle (waiting for I/O)";
  if (functionName === "(garbage collector)") return "garbage collector";
  if (functionName === "(program)") return "V8/native (program)";
  if (url.startsWith("wasm://")) return "PGlite WebAssembly (Postgres)";
  if (url.includes("@electric-sql/pglite")) return "PGlite JS glue";
  if (url.includes("drizzle-orm")) return "drizzle-orm";
  if (url.includes("/node_modules/openai/")) return "OpenAI SDK (parsing the model stream)";
  if (url.includes("undici")) return "undici (fetch)";
  if (/\/node_modules\/(fastify|find-my-way|avvio|@fastify|light-my-request|fast-json-stringify|ajv)/.test(url))
    return "Fastify + validation";
  if (url.includes("/node_modules/pino")) return "pino (logging)";
  if (url.includes("/node_modules/jose/")) return "jose (token verification)";
  if (url.includes("/src/server/streaming/")) return "product: SSE framing (JSON + base64)";
  if (url.includes("/src/server/")) return "product: other server code";
  if (url.includes("/tests/fakes/") || url.includes("/scripts/bench/")) return "benchmark/fake (same thread)";
  if (url.includes("/node_modules/"))
    return `other package (${/\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? "?"})`;
  if (url.startsWith("node:internal/streams") || url.startsWith("node:stream")) return "Node streams";
  if (url.startsWith("node:internal/http") || url.startsWith("node:_http") || url.startsWith("node:http"))
    return "Node http";
  if (url.startsWith("node:net") || url.startsWith("node:internal/net") || url.startsWith("node:internal/stream_base"))
    return "Node net/sockets";
  if (url.startsWith("node:")) return "Node core (other)";
  if (url === "") return "V8 builtins/native (JSON, base64, Buffer)";
  return "other";
}

function summarize(profile: Profile): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // timeDeltas[i] is the time before sample i; attribute the gap to the next sample, as DevTools does.
    const us = deltas[i + 1] ?? 0;
    selfUs.set(samples[i]!, (selfUs.get(samples[i]!) ?? 0) + us);
  }
  const wallUs = profile.endTime - profile.startTime;
  const areas = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; us: number }>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where = frame.url
      ? `${frame.url.replace(/^.*\/(node_modules|src|tests|scripts)\//, "$1/")}:${frame.lineNumber + 1}`
      : "(native)";
    const key = `${frame.functionName}@${where}`;
    const entry = functions.get(key) ?? { name: frame.functionName || "(anonymous)", where, us: 0 };
    entry.us += us;
    functions.set(key, entry);
  }
  const share = (us: number) => (wallUs > 0 ? us / wallUs : 0);
  return {
    wallMs: wallUs / 1000,
    areas: [...areas.entries()]
      .map(([area, us]) => ({ area, ms: us / 1000, share: share(us) }))
      .sort((a, b) => b.ms - a.ms),
    functions: [...functions.values()]
      .filter((f) => !f.name.startsWith("("))
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: share(f.us) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 15),
  };
}
