/**
 * Every environment variable the server reads, typed, in one place.
 * The README's configuration table mirrors this file.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { S3Settings } from "./storage/s3BlobStore";

export interface Config {
  /** PORT: HTTP port (default 8080). */
  port: number;
  /** HOST: interface to bind (default 127.0.0.1). */
  host: string;
  /** DATA_DIR: PGlite database, blobs and generated secrets (default ./data). */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL server instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** PGLITE_THREAD (default on): the embedded PGlite runs on a worker thread; `off` runs it on the server's thread. */
  pgliteThread: boolean;
  /** ADMIN_USERNAME: the bootstrap administrator's user name (default admin). */
  adminUserName: string;
  /** ADMIN_PASSWORD: the bootstrap administrator's password, first start only; generated and printed once when unset. */
  adminPassword: string | undefined;
  /** TOKEN_SECRET: HMAC key for product tokens; generated and kept in DATA_DIR when unset. */
  tokenSecret: string;
  /** ENCRYPTION_KEY: 32-byte key (base64) for secrets at rest; generated and kept in DATA_DIR when unset. */
  encryptionKey: string;
  /** TOKEN_TTL_SECONDS: product token lifetime (default 28800 = 8 h). */
  tokenTtlSeconds: number;
  /** STATIC_DIR: the built front end served with history fallback (default ./dist). */
  staticDir: string;
  /** LOG_LEVEL: pino level (default info). */
  logLevel: string;
  /** ENTRA_ID_ISSUER / ENTRA_ID_JWKS_URL: override the tenant's issuer and key set (tests point them at a local OpenID provider). */
  entraIdIssuer: string | undefined;
  entraIdJwksUrl: string | undefined;
  /**
   * ENTRA_ID_CLIENT_SECRET: the Entra app's client secret, for Microsoft Graph (client credentials) to list groups;
   * GRAPH_BASE_URL (default https://graph.microsoft.com/v1.0) and ENTRA_ID_TOKEN_URL (default the tenant's v2.0
   * token endpoint) point Graph and its token at a local fake in tests.
   */
  entraIdClientSecret?: string | undefined;
  graphBaseUrl?: string | undefined;
  entraIdTokenUrl?: string | undefined;
  /** SIGN_IN_RATE_LIMIT: sign-in requests per minute per client address (default 20). */
  signInRateLimit: number;
  /** PUBLIC_CHAT_RATE_LIMIT: public chat questions and new visitor sessions per minute per client address (default 30). */
  publicChatRateLimit: number;
  /**
   * PUBLIC_CHAT_FRAME_ANCESTORS: space-separated origins (CSP frame-ancestors sources) that may embed the public
   * chat page in an iframe; empty (default) = not embeddable. Every other page keeps frame-ancestors 'none'.
   */
  publicChatFrameAncestors: string[];
  /** BODY_LIMIT_BYTES: largest JSON body accepted (default 1 MiB). */
  bodyLimitBytes: number;
  /** Model connections seeded on first start (see modelSeedsFrom). */
  modelSeeds: ModelSeed[];
  /** BLOB_DIR: where uploaded files are kept with BLOB_STORE=filesystem (default DATA_DIR/blobs). */
  blobDir: string;
  /** BLOB_STORE=s3 and its S3_* settings (see s3SettingsFrom); undefined = the filesystem store. */
  s3: S3Settings | undefined;
  /** Largest upload per kind of content, in bytes (see uploadLimitsFrom). */
  uploadLimits: UploadLimits;
  /** INDEXING_RETRY_BASE_MS: first retry delay of a failed indexing job, doubled per attempt (default 5000). */
  indexingRetryBaseMs: number;
  /** INDEXING_WAIT_MS: how long a question waits for its attachments to be indexed (default 30000). */
  indexingWaitMs: number;
  /**
   * ANSWER_RECONNECT_GRACE_MS: how long an answer goes on streaming once its page has gone away
   * (a reload, a closed tab) with no other tab following it, so that the reloaded page can
   * follow it; then it is stopped, kept marked Aborted (default 10000).
   */
  answerReconnectGraceMs: number;
  /**
   * MAX_ANSWERS_PER_USER: answers one user (or one public chat visitor) may have coming at once on a
   * server process; one question more is refused with 429 (default 10). Budgets count an answer
   * once it is stored, so this also bounds how far answers started together can overshoot one.
   */
  maxAnswersPerUser: number;
  /** The Python sandbox of the code interpreter (see codeInterpreterSettingsFrom). */
  codeInterpreter: CodeInterpreterSettings;
  /** Text to speech (see speechSettingsFrom); the defaults when absent. */
  speech?: SpeechSettings;
}

/**
 * Text to speech (README "Text to speech"): SPEECH_MAX_SESSIONS (20) connected users at once;
 * SPEECH_IDLE_TIMEOUT_SECONDS (600) without speech before a session is closed; SPEECH_ANNOUNCED_ADDRESS:
 * the address put in the server's ICE candidates instead of the interface's (behind 1:1 NAT, with
 * the same ports forwarded); SPEECH_UDP_PORT_MIN / SPEECH_UDP_PORT_MAX: the UDP ports sessions
 * listen on (default any); SPEECH_INTERFACE_ADDRESS: the one local IPv4 address to gather candidates
 * on (default every interface); SPEECH_STUN_URLS: comma-separated stun: URLs for a server-reflexive
 * candidate (default none); SPEECH_VOICE (en-us): the eSpeak NG voice; SPEECH_WORDS_PER_MINUTE (175).
 */
export interface SpeechSettings {
  maxSessions: number;
  idleTimeoutSeconds: number;
  announcedAddress: string | undefined;
  udpPortRange: [number, number] | undefined;
  interfaceAddress: string | undefined;
  stunUrls: string[];
  voice: string;
  wordsPerMinute: number;
}

export function speechSettingsFrom(env: Env): SpeechSettings {
  const min = env.SPEECH_UDP_PORT_MIN ? intFrom(env, "SPEECH_UDP_PORT_MIN", 0) : undefined;
  const max = env.SPEECH_UDP_PORT_MAX ? intFrom(env, "SPEECH_UDP_PORT_MAX", 0) : undefined;
  if ((min === undefined) !== (max === undefined))
    throw new Error("SPEECH_UDP_PORT_MIN and SPEECH_UDP_PORT_MAX go together");
  if (min !== undefined && max !== undefined && !(min > 0 && min < max && max <= 65535))
    throw new Error(`SPEECH_UDP_PORT_MIN must be below SPEECH_UDP_PORT_MAX, both 1-65535; got ${min}-${max}`);
  const stunUrls = (env.SPEECH_STUN_URLS ?? "")
    .split(",")
    .map((url) => url.trim())
    .filter(Boolean);
  for (const url of stunUrls)
    if (!/^stuns?:[^\s]+$/.test(url)) throw new Error(`SPEECH_STUN_URLS takes stun: URLs, got "${url}"`);
  const voice = env.SPEECH_VOICE || "en-us";
  if (!/^[a-z]{2,3}(-[a-z0-9]+)*$/i.test(voice))
    throw new Error(`SPEECH_VOICE must be an eSpeak NG voice name such as en-us, got "${voice}"`);
  return {
    maxSessions: intFrom(env, "SPEECH_MAX_SESSIONS", 20),
    idleTimeoutSeconds: intFrom(env, "SPEECH_IDLE_TIMEOUT_SECONDS", 600),
    announcedAddress: env.SPEECH_ANNOUNCED_ADDRESS || undefined,
    udpPortRange: min !== undefined && max !== undefined ? [min, max] : undefined,
    interfaceAddress: env.SPEECH_INTERFACE_ADDRESS || undefined,
    stunUrls,
    voice,
    wordsPerMinute: intFrom(env, "SPEECH_WORDS_PER_MINUTE", 175),
  };
}

/**
 * CODE_INTERPRETER_TIMEOUT_SECONDS (30): how long one Python run may compute before its worker is terminated;
 * CODE_INTERPRETER_MEMORY_MB (512): its memory limit; CODE_INTERPRETER_MAX_ROUNDS (5): model rounds with tool calls per answer.
 */
export interface CodeInterpreterSettings {
  timeoutSeconds: number;
  memoryMb: number;
  maxRounds: number;
}

export function codeInterpreterSettingsFrom(env: Env): CodeInterpreterSettings {
  return {
    timeoutSeconds: intFrom(env, "CODE_INTERPRETER_TIMEOUT_SECONDS", 30),
    memoryMb: intFrom(env, "CODE_INTERPRETER_MEMORY_MB", 512),
    maxRounds: intFrom(env, "CODE_INTERPRETER_MAX_ROUNDS", 5),
  };
}

/**
 * UPLOAD_MAX_IMAGE_BYTES (10 MiB), UPLOAD_MAX_PDF_BYTES (20 MiB), UPLOAD_MAX_DOCX_BYTES (20 MiB),
 * UPLOAD_MAX_TEXT_BYTES (5 MiB), DOCX_MAX_UNCOMPRESSED_BYTES (100 MiB: what a DOCX may inflate to).
 */
export interface UploadLimits {
  image: number;
  pdf: number;
  docx: number;
  text: number;
  docxUncompressed: number;
}

const MiB = 1024 * 1024;

/**
 * BLOB_STORE (filesystem | s3). For s3: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
 * (required), S3_REGION (default us-east-1), S3_PREFIX (default none), S3_FORCE_PATH_STYLE (default true).
 */
export function s3SettingsFrom(env: Env): S3Settings | undefined {
  const store = env.BLOB_STORE || "filesystem";
  if (store === "filesystem") return undefined;
  if (store !== "s3") throw new Error(`BLOB_STORE must be filesystem or s3, got "${store}"`);
  const required = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter(
    (name) => !env[name],
  );
  if (required.length > 0) throw new Error(`BLOB_STORE=s3 needs ${required.join(", ")}`);
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION || "us-east-1",
    prefix: env.S3_PREFIX || "",
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== "false",
  };
}

export function uploadLimitsFrom(env: Env): UploadLimits {
  return {
    image: intFrom(env, "UPLOAD_MAX_IMAGE_BYTES", 10 * MiB),
    pdf: intFrom(env, "UPLOAD_MAX_PDF_BYTES", 20 * MiB),
    docx: intFrom(env, "UPLOAD_MAX_DOCX_BYTES", 20 * MiB),
    text: intFrom(env, "UPLOAD_MAX_TEXT_BYTES", 5 * MiB),
    docxUncompressed: intFrom(env, "DOCX_MAX_UNCOMPRESSED_BYTES", 100 * MiB),
  };
}

/** A model connection described by the environment, created on first start. */
export interface ModelSeed {
  name: string;
  providerType: "openai" | "openaiCompatible" | "azureOpenAI" | "anthropic";
  baseUrl: string;
  apiKey: string;
  model: string;
  /** A second deployment on the connection, chosen as the instance's embedding deployment. */
  embeddingModel?: string;
}

/**
 * OPENAI_API_KEY / OPENAI_BASE_URL / OPENAI_MODEL (default gpt-4o-mini; a base URL other than
 * OpenAI's makes it an OpenAI-compatible server, where the key may be empty; OPENAI_EMBEDDING_MODEL
 * adds an embedding deployment to it and selects it for file search),
 * AZURE_OPENAI_ENDPOINT / AZURE_OPENAI_API_KEY / AZURE_OPENAI_DEPLOYMENT,
 * ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL / ANTHROPIC_MODEL (default claude-sonnet-4-5).
 */
export function modelSeedsFrom(env: Env): ModelSeed[] {
  const seeds: ModelSeed[] = [];
  const openaiBase = env.OPENAI_BASE_URL || "";
  if (env.OPENAI_API_KEY || openaiBase) {
    const compatible = openaiBase !== "" && !/^https:\/\/api\.openai\.com/.test(openaiBase);
    seeds.push({
      name: compatible ? "OpenAI-compatible server" : "OpenAI",
      providerType: compatible ? "openaiCompatible" : "openai",
      baseUrl: openaiBase,
      apiKey: env.OPENAI_API_KEY || "",
      model: env.OPENAI_MODEL || "gpt-4o-mini",
      ...(env.OPENAI_EMBEDDING_MODEL ? { embeddingModel: env.OPENAI_EMBEDDING_MODEL } : {}),
    });
  }
  if (env.AZURE_OPENAI_ENDPOINT && env.AZURE_OPENAI_API_KEY && env.AZURE_OPENAI_DEPLOYMENT)
    seeds.push({
      name: "Azure OpenAI",
      providerType: "azureOpenAI",
      baseUrl: env.AZURE_OPENAI_ENDPOINT,
      apiKey: env.AZURE_OPENAI_API_KEY,
      model: env.AZURE_OPENAI_DEPLOYMENT,
    });
  if (env.ANTHROPIC_API_KEY)
    seeds.push({
      name: "Anthropic",
      providerType: "anthropic",
      baseUrl: env.ANTHROPIC_BASE_URL || "",
      apiKey: env.ANTHROPIC_API_KEY,
      model: env.ANTHROPIC_MODEL || "claude-sonnet-4-5",
    });
  return seeds;
}

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/**
 * CSP frame-ancestors sources: an origin (`https://example.com`, `https://*.example.com`, `http://localhost:3000`),
 * `'self'` or `*`. Anything else (a path, a quote, a semicolon) is refused at start, so the value can never add
 * another directive to the header.
 */
const FRAME_ANCESTOR = /^(?:'self'|\*|https?:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?\/?)$/i;

function frameAncestorsFrom(env: Env, name: string): string[] {
  const sources = (env[name] ?? "").split(/\s+/).filter(Boolean);
  for (const source of sources)
    if (!FRAME_ANCESTOR.test(source))
      throw new Error(
        `${name} takes space-separated origins such as https://example.com, 'self' or *; got "${source}"`,
      );
  return sources;
}

/** Secrets not given in the environment are generated once and kept in DATA_DIR (mode 0600). */
function persistedSecrets(dataDir: string): { tokenSecret: string; encryptionKey: string } {
  const file = join(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as { tokenSecret: string; encryptionKey: string };
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    tokenSecret: randomBytes(32).toString("base64"),
    encryptionKey: randomBytes(32).toString("base64"),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || "./data");
  const needsGenerated = !env.TOKEN_SECRET || !env.ENCRYPTION_KEY;
  const generated = needsGenerated ? persistedSecrets(dataDir) : undefined;
  return {
    port: intFrom(env, "PORT", 8080),
    host: env.HOST || "127.0.0.1",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteThread: env.PGLITE_THREAD !== "off",
    adminUserName: env.ADMIN_USERNAME || "admin",
    adminPassword: env.ADMIN_PASSWORD || undefined,
    tokenSecret: env.TOKEN_SECRET || generated!.tokenSecret,
    encryptionKey: env.ENCRYPTION_KEY || generated!.encryptionKey,
    tokenTtlSeconds: intFrom(env, "TOKEN_TTL_SECONDS", 8 * 3600),
    staticDir: resolve(env.STATIC_DIR || "./dist"),
    logLevel: env.LOG_LEVEL || "info",
    entraIdIssuer: env.ENTRA_ID_ISSUER || undefined,
    entraIdJwksUrl: env.ENTRA_ID_JWKS_URL || undefined,
    entraIdClientSecret: env.ENTRA_ID_CLIENT_SECRET || undefined,
    graphBaseUrl: env.GRAPH_BASE_URL || undefined,
    entraIdTokenUrl: env.ENTRA_ID_TOKEN_URL || undefined,
    signInRateLimit: intFrom(env, "SIGN_IN_RATE_LIMIT", 20),
    publicChatRateLimit: intFrom(env, "PUBLIC_CHAT_RATE_LIMIT", 30),
    publicChatFrameAncestors: frameAncestorsFrom(env, "PUBLIC_CHAT_FRAME_ANCESTORS"),
    bodyLimitBytes: intFrom(env, "BODY_LIMIT_BYTES", 1024 * 1024),
    modelSeeds: modelSeedsFrom(env),
    blobDir: resolve(env.BLOB_DIR || join(dataDir, "blobs")),
    s3: s3SettingsFrom(env),
    uploadLimits: uploadLimitsFrom(env),
    indexingRetryBaseMs: intFrom(env, "INDEXING_RETRY_BASE_MS", 5000),
    indexingWaitMs: intFrom(env, "INDEXING_WAIT_MS", 30_000),
    answerReconnectGraceMs: intFrom(env, "ANSWER_RECONNECT_GRACE_MS", 10_000),
    maxAnswersPerUser: intFrom(env, "MAX_ANSWERS_PER_USER", 10),
    codeInterpreter: codeInterpreterSettingsFrom(env),
    speech: speechSettingsFrom(env),
  };
}
