/**
 * Read-your-writes session headers (spec §3 chat state "cosmosDbSessionTokens",
 * decisions.md): every response header whose name starts with x-cosmos is kept
 * and sent back on later requests.
 */
import { onUserDataReset } from "../auth/userDataReset";
const COSMOS_PREFIX = "x-cosmos"; // Spec §9: the x-cosmos header prefix is 8 characters.

const sessionHeaders = new Map<string, string>();

function isCosmosHeader(name: string): boolean {
  return name.slice(0, COSMOS_PREFIX.length).toLowerCase() === COSMOS_PREFIX;
}

/** Keeps the x-cosmos* headers of a response. */
export function captureCosmosHeaders(headers: Headers): void {
  headers.forEach((value, name) => {
    if (isCosmosHeader(name)) sessionHeaders.set(name.toLowerCase(), value);
  });
}

/** Keeps x-cosmos* entries delivered another way (the cosmos-db-session-tokens stream event). */
export function storeCosmosHeaders(entries: Record<string, string>): void {
  for (const [name, value] of Object.entries(entries)) {
    if (isCosmosHeader(name)) sessionHeaders.set(name.toLowerCase(), value);
  }
}

/** Adds every kept x-cosmos* header to an outgoing request's headers. */
export function applyCosmosHeaders(headers: Headers): void {
  for (const [name, value] of sessionHeaders) headers.set(name, value);
}

export function clearCosmosHeaders(): void {
  sessionHeaders.clear();
}

onUserDataReset(clearCosmosHeaders);
