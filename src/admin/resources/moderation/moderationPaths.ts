/** Spec §2 admin moderation routes. */
export const moderationPaths = {
  list: "/admin/moderation",
  report: (moderationReportId: string) => `/admin/moderation/report/${encodeURIComponent(moderationReportId)}/view`,
};
