import { logger } from "../logger";

/** Spec §8: local storage failures are logged and ignored. */
export function readStoredJson<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch (error) {
    logger.warn(`Could not read "${key}" from local storage`, error);
    return null;
  }
}

export function writeStoredJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    logger.warn(`Could not write "${key}" to local storage`, error);
  }
}

export function readStoredString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    logger.warn(`Could not read "${key}" from local storage`, error);
    return null;
  }
}
