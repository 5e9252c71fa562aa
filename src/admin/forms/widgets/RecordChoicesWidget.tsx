import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { adminFormContext } from "../formContext";

interface Choice {
  id: string;
  label: string;
}

/**
 * One id picked from choices the record itself carries (a readOnly list the
 * server answers beside the field, e.g. the deployments that can embed), or
 * none (null). `ui:options`: `choicesField`, `valueField` (default "id"),
 * `labelField` (default "label"). A stored id no longer offered is still shown, as itself.
 */
export function RecordChoicesWidget(props: WidgetProps) {
  const { id, label, value, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus, options, registry } =
    props;
  const { t } = useTranslation();
  const valueField = String(options.valueField ?? "id");
  const labelField = String(options.labelField ?? "label");
  const listed = adminFormContext(registry).record?.[String(options.choicesField ?? "")];
  const choices: Choice[] = (Array.isArray(listed) ? (listed as Record<string, unknown>[]) : []).map((c) => ({
    id: String(c[valueField]),
    label: String(c[labelField] ?? c[valueField]),
  }));
  const selected = typeof value === "string" ? value : "";
  if (selected && !choices.some((c) => c.id === selected)) choices.push({ id: selected, label: selected });

  return (
    <TextField
      id={id}
      select
      fullWidth
      label={label}
      required={required}
      disabled={disabled || readonly}
      value={selected}
      error={Boolean(rawErrors?.length)}
      helperText={rawErrors?.[0]}
      onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <MenuItem value="">{t("adminForms.recordChoices.none")}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
