import { describe, expect, it } from "vitest";
import {
  activeChildPaths,
  adminNavigation,
  filterAdminNavigation,
  isNavEntryActive,
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
        [
          "admin.items.dashboard",
          "admin.items.agents",
          "admin.items.fileLibraries",
          "admin.items.reportModeration",
          "admin.items.performanceTests",
        ],
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
          "admin.items.connections",
        ],
      ],
    ]);
  });

  it("lists Connections, where chat models are set up, for whoever may read them (InstanceSettingsRead)", () => {
    expect(titles(filterAdminNavigation(adminNavigation, access(["InstanceSettingsRead"])))).toEqual([
      ["admin.groups.administration", ["admin.items.instanceSettings", "admin.items.connections"]],
    ]);
    const connections = adminNavigation[1]!.items.find((item) => item.title === "admin.items.connections");
    expect(connections).toMatchObject({ path: "/admin/connection", icon: "connections" });
    expect(isNavItemActive("/admin/connection", "/admin/connection/3f0c1f7e/edit")).toBe(true);
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

const item = (title: string) =>
  adminNavigation.flatMap((group) => group.items).find((candidate) => candidate.title === title)!;

describe("guidelines templates, performance tests and the user pages in the menu", () => {
  it("puts Performance Tests under Manage Agents for the Analytics actions", () => {
    expect(titles(filterAdminNavigation(adminNavigation, access(["AnalyticsCreate"])))).toEqual([
      ["admin.groups.manageAgents", ["admin.items.dashboard", "admin.items.performanceTests"]],
    ]);
    expect(item("admin.items.performanceTests")).toMatchObject({
      path: "/admin/performanceTest",
      icon: "performanceTests",
    });
  });

  it("makes Guidelines a parent of Documents and Templates, both for the guidelines actions", () => {
    const guidelines = filterAdminNavigation(adminNavigation, access(["GuidelinesDocumentsRead"]))[0]!.items[0]!;
    expect(guidelines.title).toBe("admin.items.guidelines");
    expect(guidelines.children?.map((child) => [child.title, child.path])).toEqual([
      ["admin.items.guidelinesDocuments", "/admin/guidelines"],
      ["admin.items.guidelinesTemplates", "/admin/guidelines/templates"],
    ]);
  });

  it("lists the users' table, cards and the own account under Users", () => {
    const users = filterAdminNavigation(adminNavigation, access(["UserRead"]))[0]!.items[0]!;
    expect(users.children?.map((child) => child.path)).toEqual([
      "/admin/user",
      "/admin/user/cards",
      "/admin/user/account",
    ]);
  });

  it("lights the most specific child: Templates on its pages, Documents elsewhere under guidelines", () => {
    const children = item("admin.items.guidelines").children!;
    const active = (pathname: string) => [...activeChildPaths(children, pathname)];
    expect(active("/admin/guidelines")).toEqual(["/admin/guidelines"]);
    expect(active("/admin/guidelines/42/edit")).toEqual(["/admin/guidelines"]);
    expect(active("/admin/guidelines/templates")).toEqual(["/admin/guidelines/templates"]);
    // The templates' registry pages (list, new, edit) live at guidelines/template.
    expect(active("/admin/guidelines/template")).toEqual(["/admin/guidelines/templates"]);
    expect(active("/admin/guidelines/template/7/edit")).toEqual(["/admin/guidelines/templates"]);
    expect(active("/admin/brand")).toEqual([]);
    expect(isNavEntryActive(item("admin.items.guidelines"), "/admin/guidelines/template/new")).toBe(true);
    expect(isNavEntryActive(item("admin.items.guidelines"), "/admin/brand")).toBe(false);
  });

  it("lights Users > List on a profile or edit page, Cards and My Account on their own", () => {
    const children = item("admin.items.users").children!;
    const active = (pathname: string) => [...activeChildPaths(children, pathname)];
    expect(active("/admin/user")).toEqual(["/admin/user"]);
    expect(active("/admin/user/42/profile")).toEqual(["/admin/user"]);
    expect(active("/admin/user/cards")).toEqual(["/admin/user/cards"]);
    expect(active("/admin/user/account")).toEqual(["/admin/user/account"]);
    expect(active("/admin/userRole")).toEqual([]);
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
