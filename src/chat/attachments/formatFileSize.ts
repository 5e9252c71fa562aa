/**
 * 1536 → "1.5 KiB": sizes for people, in the binary units the server's limits and messages use
 * ("the limit is 20 MiB"), so that a file's size and its limit read in the same unit.
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} B`;
}
