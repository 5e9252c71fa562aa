/** The shell's routes (spec §2). */
export const paths = {
  root: "/",
  login: "/auth/jwt/login",
  chat: "/chat",
  agents: "/chat/agents",
  editPersonalAgent: (configStateId: string) => `/chat/agents/configstate/${encodeURIComponent(configStateId)}/edit`,
  admin: "/admin",
} as const;

/** Only same-origin paths are followed after login (the remembered value sits in local storage). */
export function safeInternalPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}
