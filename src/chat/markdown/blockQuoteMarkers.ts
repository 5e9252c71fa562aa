/** How many block quotes a line is in (its leading "> " or ">>" markers), and what follows them. */
export function blockQuoteMarkers(line: string): { depth: number; content: string } {
  const markers = /^(?: {0,3}>[ \t]?)*/.exec(line)![0];
  return { depth: markers.split(">").length - 1, content: line.slice(markers.length) };
}
