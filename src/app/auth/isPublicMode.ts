/** Spec §2: a path whose first segment is public-chat is in public mode. */
export function isPublicMode(pathname: string): boolean {
  return pathname.split("/").filter(Boolean)[0] === "public-chat";
}
