import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Typography from "@mui/material/Typography";
import type { WidgetProps } from "@rjsf/utils";
import { useMemo } from "react";
import { groupActions } from "./actionGroups";

/**
 * A role's actions as checkboxes grouped by area (Brands: Read, Create,
 * Write, …), from the Action enum of the schema. The value is the array of
 * checked actions in the enum's order.
 */
export function ActionMultiSelectWidget(props: WidgetProps) {
  const { id, label, value, disabled, readonly, rawErrors, onChange, options } = props;
  const all = useMemo(() => (options.enumOptions ?? []).map((option) => String(option.value)), [options.enumOptions]);
  const groups = useMemo(() => groupActions(all), [all]);
  const selected = new Set<string>(Array.isArray(value) ? (value as string[]) : []);

  const toggle = (action: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(action);
    else next.delete(action);
    onChange(all.filter((candidate) => next.has(candidate)));
  };

  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))" }}>
        {groups.map((group) => (
          <Box
            key={group.area}
            role="group"
            aria-label={group.area}
            sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1 }}
          >
            <Typography variant="caption" color="text.secondary" component="div">
              {group.area}
            </Typography>
            {group.actions.map((action) => (
              <FormControlLabel
                key={action}
                sx={{ display: "flex" }}
                control={
                  <Checkbox
                    size="small"
                    checked={selected.has(action)}
                    disabled={disabled || readonly}
                    onChange={(event) => toggle(action, event.target.checked)}
                  />
                }
                label={action}
              />
            ))}
          </Box>
        ))}
      </Box>
      {rawErrors?.map((error) => (
        <FormHelperText key={error} error>
          {error}
        </FormHelperText>
      ))}
    </Box>
  );
}
