import type { TFunction } from "i18next";
import type { AgentDisplayState } from "./agentDisplayState";
import "../../app/i18n/agentStrings";

/** Spec §3: a banned agent shows as 'Banned Agent', a blocked one as 'Blocked Agent'. */
export function agentDisplayName(name: string, state: AgentDisplayState, t: TFunction): string {
  if (state === "banned") return t("agents.banned");
  if (state === "blocked") return t("agents.blocked");
  return name;
}
