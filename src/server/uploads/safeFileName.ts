/**
 * A display name from a client-sent file name: only the last path component,
 * no control or bidi-override characters, no leading dots, bounded length.
 * It is shown and used in Content-Disposition, never as a path.
 */
const MAX_LENGTH = 200;

export function safeFileName(raw: string, fallback = "file"): string {
  // Both separators: a Windows client sends C:\Users\x\report.pdf.
  const last = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = last
    .normalize("NFC")
    // C0/C1 controls, and the bidi overrides that make "exe.pdf" read as "fdp.exe".
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/^[.\s]+/, "")
    .replace(/\s+$/, "")
    .trim();
  if (cleaned === "" || /^\.+$/.test(cleaned)) return fallback;
  if (cleaned.length <= MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_LENGTH - ext.length) + ext;
}

/** The lower-case extension without the dot ("" when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}
