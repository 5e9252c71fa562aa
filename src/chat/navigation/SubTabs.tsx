import Box from "@mui/material/Box";
import { type ReactNode, useId } from "react";
import { NavTabs } from "./NavTabs";

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

/** A segmented tab list with its panel (History / Archived, Recent / Pinned). */
export function SubTabs<K extends string>({ label, value, onChange, tabs }: SubTabsProps<K>) {
  const id = useId();
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
          role="tabpanel"
          id={`${id}-${current.key}-panel`}
          aria-labelledby={`${id}-${current.key}`}
          // Each list scrolls itself (the conversation list is virtualised against its own scroll box).
          sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", overflow: "hidden", mt: 1 }}
        >
          {current.content}
        </Box>
      )}
    </Box>
  );
}
