const UNITS = ["KiB", "MiB", "GiB"] as const;

/**
 * 1536 → "1.5 KiB": sizes for people, in the binary units the server's limits and messages use
 * ("the limit is 20 MiB"), so that a file's size and its limit read in the same unit. Rounded up
 * to a tenth: a file a byte over a limit never reads as the limit itself.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Dividing by 1024 is exact, and so is ten times the result: ceil rounds up only what is above.
  while (Math.ceil(value * 10) / 10 >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.ceil(value * 10) / 10} ${UNITS[unit]}`;
}
