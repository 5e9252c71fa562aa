import Box from "@mui/material/Box";
import { Fragment, type ReactNode, useId, useRef } from "react";
import { navRowFocusRing } from "./menuStyles";
import { NavTabs } from "./NavTabs";
import { useKeepFocusInPanel } from "./useKeepFocusInPanel";

export interface SubTab<K extends string> {
  key: K;
  label: string;
  content: ReactNode;
}

export interface SubTabsProps<K extends string> {
  label: string;
  value: K;
  onChange(value: K): void;
  tabs: SubTab<NoInfer<K>>[];
}

/**
 * A segmented tab list with its panel (History / Archived, Recent / Pinned). The panel keeps the
 * keyboard's focus when a focused row leaves its list (useKeepFocusInPanel).
 */
export function SubTabs<K extends string>({ label, value, onChange, tabs }: SubTabsProps<K>) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useKeepFocusInPanel(panel);
  const current = tabs.find((tab) => tab.key === value) ?? tabs[0];
  return (
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: 0, flex: 1 }}>
      <NavTabs<K>
        label={label}
        value={value}
        onChange={onChange}
        variant="segmented"
        tabs={tabs.map((tab) => ({
          key: tab.key,
          label: tab.label,
          id: `${id}-${tab.key}`,
          panelId: `${id}-${tab.key}-panel`,
        }))}
      />
      {current && (
        <Box
          ref={panel}
          role="tabpanel"
          tabIndex={-1}
          id={`${id}-${current.key}-panel`}
          aria-labelledby={`${id}-${current.key}`}
          // Each list scrolls itself (the conversation list is virtualised against its own scroll box).
          sx={(theme) => ({
            flex: 1,
            minHeight: 0,
            display: "flex",
            flexDirection: "column",
            overflow: "hidden",
            mt: 1,
            borderRadius: 1.5,
            outline: "none",
            "&:focus-visible": navRowFocusRing(theme),
          })}
        >
          {/* Each tab's content is its own (its scroll box, its virtualiser), not the other's reused. */}
          <Fragment key={current.key}>{current.content}</Fragment>
        </Box>
      )}
    </Box>
  );
}
