/**
 * The admin side navigation (spec §2 "Admin side navigation", §6 actions) as
 * data, with the pure rules that filter it and pick the active item.
 */
import type { FeatureName } from "../app/api/queries/useFeatureFlags";
import type { Action } from "../app/auth/authTypes";
import type enAdmin from "../app/i18n/enAdmin.json";

export type AdminNavTitle = `admin.items.${keyof typeof enAdmin.admin.items}`;
export type AdminNavGroupTitle = `admin.groups.${keyof typeof enAdmin.admin.groups}`;

export type AdminNavIcon =
  | "dashboard"
  | "agents"
  | "fileLibraries"
  | "moderation"
  | "brands"
  | "guidelines"
  | "performanceTests"
  | "chatAccessPolicies"
  | "userRoles"
  | "users"
  | "auditLogs"
  | "instanceSettings"
  | "connections";

export interface AdminNavItem {
  /** An i18n key. */
  title: AdminNavTitle;
  path: string;
  icon?: AdminNavIcon;
  info?: string;
  caption?: string;
  disabled?: boolean;
  /** Hidden unless the current role is one of these. */
  roles?: string[];
  children?: AdminNavItem[];
  externalLink?: boolean;
  /**
   * Paths (with what lies below them) where this item counts as matching its
   * own path: a child whose pages live beside its list (the templates' new and
   * edit pages under guidelines/template).
   */
  activeUnder?: string[];
  /** Shown when the user holds any one of these; an empty list shows it to everyone in admin. */
  actions: readonly Action[];
  /** Shown only while this feature flag is on. */
  feature?: FeatureName;
}

export interface AdminNavGroup {
  subheader: AdminNavGroupTitle;
  items: AdminNavItem[];
}

/** Spec §6: "A role named admin is seen. The current role defaults to admin." */
export const DEFAULT_ADMIN_ROLE = "admin";

type CrudEntity =
  "Analytics" | "Brands" | "GuidelinesDocuments" | "ChatAccessPolicies" | "UserRoles" | "UserRolePermissions";
type SpecificEntity = "GptSystems" | "DataSources";

/** Spec §6: "Read, Create and Write of each" (the template types are checked against Action). */
const crud = (entity: CrudEntity | SpecificEntity): Action[] => [`${entity}Read`, `${entity}Create`, `${entity}Write`];
/** Spec §6: Agents and File Libraries also accept the -Specific actions. */
const specific = (entity: SpecificEntity): Action[] => [
  ...crud(entity),
  `${entity}ReadSpecific`,
  `${entity}WriteSpecific`,
];

export const adminNavigation: AdminNavGroup[] = [
  {
    subheader: "admin.groups.manageAgents",
    items: [
      { title: "admin.items.dashboard", path: "/admin", icon: "dashboard", actions: crud("Analytics") },
      { title: "admin.items.agents", path: "/admin/gptsystem", icon: "agents", actions: specific("GptSystems") },
      {
        title: "admin.items.fileLibraries",
        path: "/admin/datasource",
        icon: "fileLibraries",
        actions: specific("DataSources"),
      },
      {
        title: "admin.items.reportModeration",
        path: "/admin/moderation",
        icon: "moderation",
        actions: ["ModerationRead"],
        feature: "AllowUserCreatedGptSystems",
      },
      {
        title: "admin.items.performanceTests",
        path: "/admin/performanceTest",
        icon: "performanceTests",
        actions: crud("Analytics"),
      },
    ],
  },
  {
    subheader: "admin.groups.administration",
    items: [
      { title: "admin.items.brands", path: "/admin/brand", icon: "brands", actions: crud("Brands") },
      {
        title: "admin.items.guidelines",
        path: "/admin/guidelines",
        icon: "guidelines",
        actions: crud("GuidelinesDocuments"),
        children: [
          { title: "admin.items.guidelinesDocuments", path: "/admin/guidelines", actions: crud("GuidelinesDocuments") },
          {
            title: "admin.items.guidelinesTemplates",
            path: "/admin/guidelines/templates",
            activeUnder: ["/admin/guidelines/template"],
            actions: crud("GuidelinesDocuments"),
          },
        ],
      },
      {
        title: "admin.items.chatAccessPolicies",
        path: "/admin/chatAccessPolicy",
        icon: "chatAccessPolicies",
        actions: crud("ChatAccessPolicies"),
      },
      { title: "admin.items.userRoles", path: "/admin/userRole", icon: "userRoles", actions: crud("UserRoles") },
      {
        title: "admin.items.users",
        path: "/admin/user",
        icon: "users",
        actions: ["UserRead", ...crud("UserRolePermissions")],
        children: [
          {
            title: "admin.items.usersList",
            path: "/admin/user",
            actions: ["UserRead", ...crud("UserRolePermissions")],
          },
          {
            title: "admin.items.usersCards",
            path: "/admin/user/cards",
            actions: ["UserRead", ...crud("UserRolePermissions")],
          },
          // Everyone who sees Users has an account of their own.
          { title: "admin.items.usersAccount", path: "/admin/user/account", actions: [] },
        ],
      },
      {
        title: "admin.items.auditLogs",
        path: "/admin/audit",
        icon: "auditLogs",
        actions: ["ConfigurationAuditLogRead"],
      },
      {
        title: "admin.items.instanceSettings",
        path: "/admin/instanceSettings",
        icon: "instanceSettings",
        actions: ["InstanceSettingsRead"],
      },
      // Model connections and their deployments (the contract's x-admin-resource, path connection):
      // where chat models are set up. Listing them needs InstanceSettingsRead.
      {
        title: "admin.items.connections",
        path: "/admin/connection",
        icon: "connections",
        actions: ["InstanceSettingsRead"],
      },
    ],
  },
];

export interface AdminNavAccess {
  actions: readonly Action[];
  isFeatureEnabled(name: FeatureName): boolean;
  currentRole?: string;
}

function isVisible(item: AdminNavItem, access: AdminNavAccess): boolean {
  const role = access.currentRole ?? DEFAULT_ADMIN_ROLE;
  if (item.roles && !item.roles.includes(role)) return false;
  if (item.feature && !access.isFeatureEnabled(item.feature)) return false;
  return item.actions.length === 0 || item.actions.some((action) => access.actions.includes(action));
}

function filterItems(items: AdminNavItem[], access: AdminNavAccess): AdminNavItem[] {
  return items
    .filter((item) => isVisible(item, access))
    .map((item) => (item.children ? { ...item, children: filterItems(item.children, access) } : item));
}

/** Spec §2: items the user may see (any one action, the feature, the role); empty groups are dropped. */
export function filterAdminNavigation(groups: AdminNavGroup[], access: AdminNavAccess): AdminNavGroup[] {
  return groups
    .map((group) => ({ ...group, items: filterItems(group.items, access) }))
    .filter((group) => group.items.length > 0);
}

const trimSlash = (path: string) => path.replace(/\/+$/, "") || "/";

/** Spec §2: active when the location matches the item's path or contains admin/{last segment of the path}/. */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  if (trimSlash(pathname) === trimSlash(itemPath)) return true;
  const lastSegment = trimSlash(itemPath).split("/").pop();
  return Boolean(lastSegment) && pathname.includes(`admin/${lastSegment}/`);
}

const isAtOrUnder = (pathname: string, path: string) =>
  trimSlash(pathname) === trimSlash(path) || pathname.startsWith(`${trimSlash(path)}/`);

/**
 * How an item matches the location: "own" on its path (or a path it names in
 * activeUnder), "contains" by the spec's admin/{last segment}/ rule only.
 */
export function navItemMatch(
  item: Pick<AdminNavItem, "path" | "activeUnder">,
  pathname: string,
): "own" | "contains" | null {
  if (trimSlash(pathname) === trimSlash(item.path)) return "own";
  if (item.activeUnder?.some((path) => isAtOrUnder(pathname, path))) return "own";
  return isNavItemActive(item.path, pathname) ? "contains" : null;
}

/**
 * The paths of the active children. Siblings under one parent share the
 * parent's segment (Guidelines: Documents at /admin/guidelines, Templates at
 * /admin/guidelines/templates), so the contains rule alone would light up
 * Documents on every guidelines page: a sibling on its own path wins.
 */
export function activeChildPaths(children: readonly AdminNavItem[], pathname: string): Set<string> {
  const matches = children.map((child) => [child.path, navItemMatch(child, pathname)] as const);
  const ownFound = matches.some(([, match]) => match === "own");
  return new Set(
    matches.filter(([, match]) => match === "own" || (match === "contains" && !ownFound)).map(([path]) => path),
  );
}

/** A parent is active on its own rule or while one of its children is. */
export function isNavEntryActive(item: AdminNavItem, pathname: string): boolean {
  return navItemMatch(item, pathname) !== null || activeChildPaths(item.children ?? [], pathname).size > 0;
}

/** Spec §2: a path containing http opens in a new tab. */
export function opensInNewTab(item: Pick<AdminNavItem, "path" | "externalLink">): boolean {
  return item.path.includes("http") || item.externalLink === true;
}
