import { API_BASE_PATH } from "../api/client";

/** Spec §2 Logo: images carry a cache-busting timestamp, fixed per page load so they are fetched once. */
const LOADED_AT = Date.now();

/** GET /brands/{brandKey}/{fileName}, for use as an <img> or CSS url(). */
export function brandImageUrl(brandKey: string, fileName: string): string {
  return `${API_BASE_PATH}/brands/${encodeURIComponent(brandKey)}/${encodeURIComponent(fileName)}?t=${LOADED_AT}`;
}
