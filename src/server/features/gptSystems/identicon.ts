/** The default agent avatar: an identicon SVG derived from the agent id (spec section 7: size 24). */
import { createHash } from "node:crypto";

export function identiconSvg(seed: string, size = 24): string {
  const hash = createHash("sha256").update(seed).digest();
  const hue = Math.round((hash[0]! / 255) * 360);
  const color = `hsl(${hue} 55% 45%)`;
  const cells: string[] = [];
  // A 5×5 grid mirrored around the middle column, as classic identicons are.
  for (let row = 0; row < 5; row++)
    for (let col = 0; col < 3; col++) {
      if ((hash[1 + row * 3 + col]! & 1) === 0) continue;
      for (const x of new Set([col, 4 - col])) cells.push(`<rect x="${x}" y="${row}" width="1" height="1"/>`);
    }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="-0.5 -0.5 6 6"><rect x="-0.5" y="-0.5" width="6" height="6" fill="hsl(${hue} 40% 94%)"/><g fill="${color}">${cells.join("")}</g></svg>`;
}
