/**
 * The visitor's session: issued by the server on the first visit to an endpoint and kept in local
 * storage per endpoint, so that a reload or a later visit from this browser shows the same
 * conversations. A stored session the server no longer accepts (the agent stopped being public and
 * became public again under a new secret, storage copied elsewhere) is replaced by a new one, once
 * the server has issued it: while the endpoint has no public chat (the agent made private or inactive
 * for a while), the stored session stays, and with it the visitor's conversations when it returns.
 */
import { readStoredString } from "../../app/store/browserStorage";
import { logger } from "../../app/logger";
import { isApiError } from "../../app/api/errors";
import { createPublicSession, fetchPublicAgentDetails } from "./publicChatApi";

const storageKey = (gptPublicEndpoint: string) => `publicChatSession:${gptPublicEndpoint}`;

function storeSession(gptPublicEndpoint: string, sessionIdentifier: string | null): void {
  try {
    if (sessionIdentifier === null) window.localStorage.removeItem(storageKey(gptPublicEndpoint));
    else window.localStorage.setItem(storageKey(gptPublicEndpoint), sessionIdentifier);
  } catch (error) {
    // Spec §8: storage failures are logged and ignored (the session then lasts as long as the page).
    logger.warn("Could not keep the public chat session", error);
  }
}

export type PublicSession = {
  sessionIdentifier: string;
  details: Awaited<ReturnType<typeof fetchPublicAgentDetails>>;
};

/** The stored session if the server still knows it, else a new one; rejects with a 404 ApiError when the endpoint has no public chat. */
export async function openPublicSession(gptPublicEndpoint: string): Promise<PublicSession> {
  const stored = readStoredString(storageKey(gptPublicEndpoint));
  if (stored) {
    try {
      return { sessionIdentifier: stored, details: await fetchPublicAgentDetails(stored) };
    } catch (error) {
      if (!isApiError(error, "NOT_FOUND")) throw error;
    }
  }
  const { sessionIdentifier } = await createPublicSession(gptPublicEndpoint);
  storeSession(gptPublicEndpoint, sessionIdentifier);
  return { sessionIdentifier, details: await fetchPublicAgentDetails(sessionIdentifier) };
}
