/** The shape of one `x-admin-resource` entry (see openapi/README.md). */
export interface AdminResourceDefinition {
  /** The component schema the resource's forms are built from. */
  schema: string;
  /** react-admin resource name = the admin family under /api/internal/admin. */
  name: string;
  /** The field that identifies a record. */
  idField: string;
  /** Columns shown in the list, in order. */
  listColumns: string[];
  /** Navigation group: 'Manage Agents' or 'Administration'. */
  group: "Manage Agents" | "Administration";
  /** Resolved actions that show the menu item (any one suffices). */
  actions: string[];
  /** Admin route path under /admin. */
  path: string;
  title: string;
}
