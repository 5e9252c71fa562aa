/**
 * Every environment variable the server reads, typed, in one place.
 * The README's configuration table mirrors this file.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface Config {
  /** PORT: HTTP port (default 8080). */
  port: number;
  /** HOST: interface to bind (default 127.0.0.1). */
  host: string;
  /** DATA_DIR: PGlite database, blobs and generated secrets (default ./data). */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL server instead of the embedded PGlite. */
  databaseUrl: string | undefined;
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
  /** SIGN_IN_RATE_LIMIT: sign-in requests per minute per client address (default 20). */
  signInRateLimit: number;
  /** BODY_LIMIT_BYTES: largest JSON body accepted (default 1 MiB). */
  bodyLimitBytes: number;
  /** Model connections seeded on first start (see modelSeedsFrom). */
  modelSeeds: ModelSeed[];
}

/** A model connection described by the environment, created on first start. */
export interface ModelSeed {
  name: string;
  providerType: "openai" | "openaiCompatible" | "azureOpenAI" | "anthropic";
  baseUrl: string;
  apiKey: string;
  model: string;
}

/**
 * OPENAI_API_KEY / OPENAI_BASE_URL / OPENAI_MODEL (default gpt-4o-mini; a base URL other than
 * OpenAI's makes it an OpenAI-compatible server, where the key may be empty),
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

/** Secrets not given in the environment are generated once and kept in DATA_DIR (mode 0600). */
function persistedSecrets(dataDir: string): { tokenSecret: string; encryptionKey: string } {
  const file = join(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as { tokenSecret: string; encryptionKey: string };
  mkdirSync(dataDir, { recursive: true });
  const secrets = { tokenSecret: randomBytes(32).toString("base64"), encryptionKey: randomBytes(32).toString("base64") };
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
    adminUserName: env.ADMIN_USERNAME || "admin",
    adminPassword: env.ADMIN_PASSWORD || undefined,
    tokenSecret: env.TOKEN_SECRET || generated!.tokenSecret,
    encryptionKey: env.ENCRYPTION_KEY || generated!.encryptionKey,
    tokenTtlSeconds: intFrom(env, "TOKEN_TTL_SECONDS", 8 * 3600),
    staticDir: resolve(env.STATIC_DIR || "./dist"),
    logLevel: env.LOG_LEVEL || "info",
    entraIdIssuer: env.ENTRA_ID_ISSUER || undefined,
    entraIdJwksUrl: env.ENTRA_ID_JWKS_URL || undefined,
    signInRateLimit: intFrom(env, "SIGN_IN_RATE_LIMIT", 20),
    bodyLimitBytes: intFrom(env, "BODY_LIMIT_BYTES", 1024 * 1024),
    modelSeeds: modelSeedsFrom(env),
  };
}
