import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import { alpha, type Theme, useTheme } from "@mui/material/styles";
import type { KeyboardEvent } from "react";

export interface NavTabItem<K extends string> {
  key: K;
  label: string;
  /** The tab's element id (its panel is labelled by it). */
  id: string;
  /** The id of the panel it shows. */
  panelId: string;
}

export interface NavTabsProps<K extends string> {
  label: string;
  value: K;
  onChange(value: K): void;
  tabs: NavTabItem<K>[];
  /** 'underline': the navigation's sections (Chats / Agents); 'segmented': the lists inside a section. */
  variant: "underline" | "segmented";
}

/**
 * A full-width tab list on the menu surface, with the keyboard model of the WAI-ARIA tabs
 * pattern (and of MUI's Tabs): one tab in the tab order, arrows (mirrored right-to-left),
 * Home and End move the focus, Enter or Space selects. Own markup rather than MUI's Tabs,
 * whose scrolling and indicator measuring the chat page's first load does not need:
 * the tabs share the width equally, so the indicator is a fraction of it.
 */
export function NavTabs<K extends string>({ label, value, onChange, tabs, variant }: NavTabsProps<K>) {
  const theme = useTheme();
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === value),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const focused = buttons.indexOf(document.activeElement as HTMLElement);
    if (focused < 0) return;
    const rtl = theme.direction === "rtl";
    const targets: Partial<Record<string, number>> = {
      [rtl ? "ArrowLeft" : "ArrowRight"]: (focused + 1) % buttons.length,
      [rtl ? "ArrowRight" : "ArrowLeft"]: (focused - 1 + buttons.length) % buttons.length,
      Home: 0,
      End: buttons.length - 1,
    };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <Box
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={variant === "underline" ? underlineListSx : segmentedListSx}
    >
      {tabs.map((tab) => {
        const selected = tab.key === tabs[selectedIndex]?.key;
        return (
          <ButtonBase
            key={tab.key}
            role="tab"
            id={tab.id}
            aria-selected={selected}
            aria-controls={tab.panelId}
            tabIndex={selected ? 0 : -1}
            focusRipple
            onClick={() => {
              if (!selected) onChange(tab.key);
            }}
            sx={[tabSx, variant === "underline" ? underlineTabSx : segmentedTabSx, selected && selectedTabSx[variant]]}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
      {variant === "underline" && tabs.length > 0 && (
        <Box
          aria-hidden
          sx={{
            position: "absolute",
            bottom: 0,
            insetInlineStart: 0,
            height: 2,
            width: `${100 / tabs.length}%`,
            bgcolor: "primary.main",
            transform: `translateX(${(theme.direction === "rtl" ? -100 : 100) * selectedIndex}%)`,
            transition: theme.transitions.create("transform"),
          }}
        />
      )}
    </Box>
  );
}

const tabSx = (theme: Theme) => ({
  ...theme.typography.button,
  flex: "1 1 0",
  minWidth: 0,
  px: 2,
  lineHeight: 1.25,
  fontWeight: 600,
  color: theme.palette.menu.textSecondary,
  "&:hover": { color: theme.palette.menu.textPrimary },
});

const underlineListSx = { position: "relative", display: "flex", minHeight: 40 } as const;
const underlineTabSx = { minHeight: 40, py: 1 } as const;

const segmentedListSx = (theme: Theme) => ({
  display: "flex",
  minHeight: 34,
  p: 0.5,
  borderRadius: 2,
  bgcolor: alpha(theme.palette.menu.textPrimary, 0.06),
});
const segmentedTabSx = { minHeight: 30, py: 0.5, borderRadius: 1.5, fontSize: "0.8125rem" } as const;

const selectedTabSx = {
  underline: (theme: Theme) => ({ color: theme.palette.menu.textPrimary }),
  segmented: (theme: Theme) => ({
    color: theme.palette.menu.textPrimary,
    bgcolor: alpha(theme.palette.menu.textPrimary, 0.12),
  }),
};
