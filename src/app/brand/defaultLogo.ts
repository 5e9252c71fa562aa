/**
 * The logo shown when a brand image is missing or fails to load (spec §2 Logo),
 * bundled as a data URI so it works with no server at all.
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f6feb"/><stop offset="1" stop-color="#8250df"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><path d="M19 17h26a7 7 0 0 1 7 7v13a7 7 0 0 1-7 7H31l-9 8v-8h-3a7 7 0 0 1-7-7V24a7 7 0 0 1 7-7z" fill="#fff"/><circle cx="24.5" cy="30.5" r="3.5" fill="#1f6feb"/><circle cx="32" cy="30.5" r="3.5" fill="#5160e6"/><circle cx="39.5" cy="30.5" r="3.5" fill="#8250df"/></svg>`;

export const DEFAULT_LOGO_SRC = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The product (provider) name shown in the footer's 'Powered by' line. */
export const PROVIDER_NAME = "Agent Chat";
