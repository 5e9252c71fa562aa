import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createTheme, ThemeProvider } from "@mui/material/styles";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { AdminNavItem } from "../../../src/admin/layout/AdminNavItem";
import { adminNavigation, type AdminNavItem as AdminNavItemData } from "../../../src/admin/navigation";
import "../../../src/app/brand/themeAugmentation";

const withChildren: AdminNavItemData = {
  title: "admin.items.instanceSettings",
  path: "/admin/instanceSettings",
  actions: [],
  children: [
    { title: "admin.items.brands", path: "/admin/instanceSettings/branding", actions: [] },
    { title: "admin.items.agents", path: "/admin/instanceSettings/agents", actions: [] },
  ],
};

const theme = createTheme({ palette: { menu: { main: "#0d1117", textPrimary: "#e6edf3", textSecondary: "#8b949e" } } });

function renderItem(item: AdminNavItemData, path: string) {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <ThemeProvider theme={theme}>
            <ul>
              <AdminNavItem item={item} onNavigate={() => undefined} />
            </ul>
            <Link to="/admin/audit">Elsewhere</Link>
            <Outlet />
          </ThemeProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("admin navigation item", () => {
  it("marks the active item as the current page", () => {
    renderItem({ title: "admin.items.agents", path: "/admin/gptsystem", actions: [] }, "/admin/gptsystem/42/edit");
    expect(screen.getByRole("link", { name: "Agents" })).toHaveAttribute("aria-current", "page");
  });

  it("expands on click and collapses when the location changes and it is not active", async () => {
    renderItem(withChildren, "/admin");
    const parent = screen.getByRole("button", { name: "Instance Settings" });
    expect(parent).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(parent);
    expect(parent).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Brands" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Elsewhere" }));
    expect(screen.getByRole("button", { name: "Instance Settings" })).toHaveAttribute("aria-expanded", "false");
  });

  it("stays open while the location is inside it", async () => {
    renderItem(withChildren, "/admin/instanceSettings/branding");
    expect(screen.getByRole("button", { name: "Instance Settings" })).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(screen.getByRole("link", { name: "Agents" }));
    expect(screen.getByRole("button", { name: "Instance Settings" })).toHaveAttribute("aria-expanded", "true");
  });

  it("marks only the most specific child as the current page and keeps the parent open", async () => {
    const guidelines = adminNavigation[1]!.items.find((entry) => entry.title === "admin.items.guidelines")!;
    const router = renderItem(guidelines, "/admin/guidelines/template/7/edit");
    expect(screen.getByRole("button", { name: "Guidelines" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Templates" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Documents" })).not.toHaveAttribute("aria-current");
    await userEvent.click(screen.getByRole("link", { name: "Documents" }));
    expect(router.state.location.pathname).toBe("/admin/guidelines");
    expect(screen.getByRole("link", { name: "Documents" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Templates" })).not.toHaveAttribute("aria-current");
  });

  it("opens a path containing http in a new tab", () => {
    renderItem({ title: "admin.items.guidelines", path: "https://docs.example.com/guidelines", actions: [] }, "/admin");
    const link = screen.getByRole("link", { name: /Guidelines/ });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});
