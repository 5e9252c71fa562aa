/** Spec §3: report reasons are camel-case words, shown spaced ("HateOrHarassment" → "Hate Or Harassment"). */
export function spacedWords(camelCase: string): string {
  return camelCase.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
}
