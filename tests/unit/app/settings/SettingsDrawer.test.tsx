import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SETTINGS_STORAGE_KEY } from "../../../../src/app/settings/settingsStorage";
import { SettingsDrawer } from "../../../../src/app/settings/SettingsDrawer";
import { SettingsProvider } from "../../../../src/app/settings/SettingsProvider";
import { useSettings } from "../../../../src/app/settings/useSettings";

function OpenButton() {
  const { onToggleDrawer } = useSettings();
  return <button onClick={onToggleDrawer}>Open settings</button>;
}

async function renderDrawer() {
  render(
    <SettingsProvider>
      <OpenButton />
      <SettingsDrawer />
    </SettingsProvider>,
  );
  await userEvent.click(screen.getByRole("button", { name: "Open settings" }));
}

const badge = () => screen.getByTestId("settings-reset-badge").querySelector(".MuiBadge-badge");
const stored = () => JSON.parse(window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? "null") as unknown;

describe("settings drawer", () => {
  it("opens from the right, 280 px wide, with Contrast, Stretch and Fullscreen", async () => {
    await renderDrawer();
    const dialog = await screen.findByRole("dialog", { name: "Settings" });
    expect(dialog).toHaveStyle({ width: "280px" });
    expect(screen.getByRole("group", { name: "Contrast" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: /Stretch/ })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Fullscreen" })).toBeInTheDocument();
  });

  it("badges Reset only while the settings differ from the defaults", async () => {
    await renderDrawer();
    await screen.findByRole("dialog", { name: "Settings" });
    expect(badge()).toHaveClass("MuiBadge-invisible");

    await userEvent.click(screen.getByRole("button", { name: "Bold" }));
    expect(badge()).not.toHaveClass("MuiBadge-invisible");
    expect(stored()).toEqual({ themeContrast: "bold", themeStretch: false, themeDirection: "ltr" });

    await userEvent.click(screen.getByRole("button", { name: "Default" }));
    expect(badge()).toHaveClass("MuiBadge-invisible");

    await userEvent.click(screen.getByRole("switch", { name: /Stretch/ }));
    expect(badge()).not.toHaveClass("MuiBadge-invisible");

    await userEvent.click(screen.getByRole("button", { name: "Reset settings" }));
    expect(badge()).toHaveClass("MuiBadge-invisible");
    expect(screen.getByRole("switch", { name: /Stretch/ })).not.toBeChecked();
    expect(stored()).toEqual({ themeContrast: "default", themeStretch: false, themeDirection: "ltr" });
  });

  it("reads stored settings and takes the direction from the stored language", async () => {
    window.localStorage.setItem("i18nextLng", "ar");
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ themeContrast: "bold", themeStretch: true, themeDirection: "ltr" }),
    );
    await renderDrawer();
    await screen.findByRole("dialog", { name: "Settings" });
    expect(screen.getByRole("switch", { name: /Stretch/ })).toBeChecked();
    expect(screen.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Reset settings" }));
    // rtl is the default for an Arabic user, so a reset keeps it and the badge goes away.
    expect(stored()).toEqual({ themeContrast: "default", themeStretch: false, themeDirection: "rtl" });
    expect(badge()).toHaveClass("MuiBadge-invisible");
  });
});
