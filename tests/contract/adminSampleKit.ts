/** What the admin contract samples share: the fixture's shape and URL helpers. */
export interface AdminFixture {
  adminGptSystemId: string;
  draftConfigStateId: string;
  publishedConfigStateId: string;
  adminPromptId: string;
  connectionId: string;
  deploymentId: string;
  userRoleId: string;
  userId: string;
  chatAccessPolicyId: string;
  auditLogId: string;
}

export type F = AdminFixture;
export const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
export const missing = "00000000-0000-4000-8000-000000000000";
export const agent = (f: F) => `/admin/gptSystems/${f.adminGptSystemId}`;
export const conn = (f: F) => `/admin/Connections/${f.connectionId}`;
export const list = (sort: string, range = "[0,9]") =>
  `?sort=${encodeURIComponent(sort)}&range=${encodeURIComponent(range)}`;
