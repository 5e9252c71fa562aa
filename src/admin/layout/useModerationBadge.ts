import type { AdminNavGroup } from "../navigation";
import { useOpenReportCount } from "../resources/moderation/moderationApi";

export const MODERATION_PATH = "/admin/moderation";

/** The Open report count for the moderation item, fetched only while the item is shown. */
export function useModerationBadge(groups: readonly AdminNavGroup[]): number | undefined {
  const shown = groups.some((group) => group.items.some((item) => item.path === MODERATION_PATH));
  return useOpenReportCount(shown).data;
}
