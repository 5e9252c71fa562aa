import { describe, expect, it } from "vitest";
import {
  adminNavigation,
  filterAdminNavigation,
  isNavItemActive,
  opensInNewTab,
  type AdminNavGroup,
} from "../../../src/admin/navigation";
import type { Action } from "../../../src/app/auth/authTypes";

const titles = (groups: AdminNavGroup[]) =>
  groups.map((group) => [group.subheader, group.items.map((item) => item.title)]);
const access = (actions: Action[], personalAgents = true) => ({
  actions,
  isFeatureEnabled: (name: string) => name === "AllowUserCreatedGptSystems" && personalAgents,
});

describe("admin navigation filter (spec §2, §6)", () => {
  it("shows an item when the user holds any one of its actions", () => {
    expect(
      titles(filterAdminNavigation(adminNavigation, access(["GptSystemsWriteSpecific", "UserRolePermissionsRead"]))),
    ).toEqual([
      ["admin.groups.manageAgents", ["admin.items.agents"]],
      ["admin.groups.administration", ["admin.items.users"]],
    ]);
  });

  it("lists every item for a user holding every action", () => {
    const every: Action[] = [
      "AnalyticsRead",
      "GptSystemsRead",
      "DataSourcesCreate",
      "ModerationRead",
      "BrandsWrite",
      "GuidelinesDocumentsRead",
      "ChatAccessPoliciesCreate",
      "UserRolesWrite",
      "UserRead",
      "ConfigurationAuditLogRead",
      "InstanceSettingsRead",
    ];
    expect(titles(filterAdminNavigation(adminNavigation, access(every)))).toEqual([
      [
        "admin.groups.manageAgents",
        ["admin.items.dashboard", "admin.items.agents", "admin.items.fileLibraries", "admin.items.reportModeration"],
      ],
      [
        "admin.groups.administration",
        [
          "admin.items.brands",
          "admin.items.guidelines",
          "admin.items.chatAccessPolicies",
          "admin.items.userRoles",
          "admin.items.users",
          "admin.items.auditLogs",
          "admin.items.instanceSettings",
        ],
      ],
    ]);
  });

  it("needs the personal-agents feature for Report Moderation", () => {
    expect(titles(filterAdminNavigation(adminNavigation, access(["ModerationRead"], false)))).toEqual([]);
    expect(titles(filterAdminNavigation(adminNavigation, access(["ModerationRead"], true)))).toEqual([
      ["admin.groups.manageAgents", ["admin.items.reportModeration"]],
    ]);
  });

  it("does not show Instance Settings for InstanceSettingsWrite alone (spec §6 names only the read action)", () => {
    expect(filterAdminNavigation(adminNavigation, access(["InstanceSettingsWrite"]))).toEqual([]);
  });

  it("hides items whose roles list lacks the current role (default admin), and filters children", () => {
    const groups: AdminNavGroup[] = [
      {
        subheader: "admin.groups.administration",
        items: [
          { title: "admin.items.users", path: "/admin/user", actions: [], roles: ["admin"] },
          { title: "admin.items.auditLogs", path: "/admin/audit", actions: [], roles: ["auditor"] },
          {
            title: "admin.items.instanceSettings",
            path: "/admin/instanceSettings",
            actions: ["InstanceSettingsRead"],
            children: [
              { title: "admin.items.brands", path: "/admin/instanceSettings/branding", actions: ["BrandsRead"] },
              {
                title: "admin.items.agents",
                path: "/admin/instanceSettings/agents",
                actions: ["InstanceSettingsRead"],
              },
            ],
          },
        ],
      },
    ];
    const filtered = filterAdminNavigation(groups, access(["InstanceSettingsRead"]));
    expect(filtered[0]?.items.map((item) => item.title)).toEqual(["admin.items.users", "admin.items.instanceSettings"]);
    expect(filtered[0]?.items[1]?.children?.map((child) => child.path)).toEqual(["/admin/instanceSettings/agents"]);
    const asAuditor = filterAdminNavigation(groups, { ...access([]), currentRole: "auditor" });
    expect(asAuditor[0]?.items.map((item) => item.title)).toEqual(["admin.items.auditLogs"]);
  });
});

describe("active item rule", () => {
  it("is active on its own path or where the location contains admin/{last segment}/", () => {
    expect(isNavItemActive("/admin/gptsystem", "/admin/gptsystem")).toBe(true);
    expect(isNavItemActive("/admin/gptsystem", "/admin/gptsystem/")).toBe(true);
    expect(isNavItemActive("/admin/gptsystem", "/admin/gptsystem/42/edit")).toBe(true);
    expect(isNavItemActive("/admin/gptsystem", "/admin/gptsystemx")).toBe(false);
    expect(isNavItemActive("/admin", "/admin")).toBe(true);
    expect(isNavItemActive("/admin", "/admin/brand")).toBe(false);
  });

  it("opens a path containing http in a new tab", () => {
    expect(opensInNewTab({ path: "https://docs.example.com" })).toBe(true);
    expect(opensInNewTab({ path: "/admin/audit" })).toBe(false);
  });
});
