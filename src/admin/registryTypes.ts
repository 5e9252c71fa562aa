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
  /** Enum fields the collection filters by (`filter={"<field>": value}`): a select each above the list. */
  filters?: string[];
  /** Navigation group: 'Manage Agents' or 'Administration'. */
  group: "Manage Agents" | "Administration";
  /** Resolved actions that show the menu item (any one suffices). */
  actions: string[];
  /** Admin route path under /admin. */
  path: string;
  title: string;
  /**
   * The writes the contract offers for the family (POST /admin/<name>, PUT and
   * DELETE /admin/<name>/{id}); codegen derives them from the paths. A
   * read-only family (the audit log) gets no create, edit or delete screens.
   * Left out, all three are assumed.
   */
  operations?: AdminResourceOperations;
}

export interface AdminResourceOperations {
  create: boolean;
  update: boolean;
  delete: boolean;
}
