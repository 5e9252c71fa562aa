/**
 * The session fetch of the typed client (token, request id, x-cosmos headers,
 * the 401 and 503 rules of spec §8) over XMLHttpRequest, so that an upload
 * reports its progress. Built per upload: the progress callback is the upload's.
 */
import { regenerateToken } from "../../app/api/client";
import { enterBusy, leaveBusy } from "../../app/api/busyStore";
import { createSessionFetch } from "../../app/api/sessionFetch";
import { authActions, authStore } from "../../app/auth/authStore";
import { isPublicMode } from "../../app/auth/isPublicMode";
import { type UploadProgress, xhrFetch } from "./xhrFetch";

export function uploadFetch(onProgress: UploadProgress): (request: Request) => Promise<Response> {
  return createSessionFetch({
    getToken: () => authStore.getState().n1aiToken,
    // Spec §2: public mode never regenerates the token.
    mayRegenerateToken: () => !isPublicMode(window.location.pathname),
    regenerateToken,
    onUnauthorized: () => authActions.clearTokenAndAccount(),
    enterBusy,
    leaveBusy,
    fetch: xhrFetch(onProgress),
  });
}
