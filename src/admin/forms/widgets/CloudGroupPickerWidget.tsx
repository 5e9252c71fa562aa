import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { WidgetProps } from "@rjsf/utils";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type CloudGroup, parseGroupIds, useCloudGroups } from "./cloudGroups";

const unique = (ids: string[]) => [...new Set(ids)];
const NO_GROUPS: CloudGroup[] = [];

/**
 * Identity-provider group ids (a chat access policy's groupIds) picked by
 * name from GET /admin/cloudGroups, searchable by name, description or id.
 * Without Entra ID (the call answers 409), or when Graph fails, the ids are
 * typed instead: Enter or leaving the field adds them (several at once when
 * separated by commas or spaces). A stored id the
 * directory does not hold is shown as itself.
 */
export function CloudGroupPickerWidget(props: WidgetProps) {
  const { id, label, value, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus } = props;
  const { t } = useTranslation();
  const state = useCloudGroups();
  const ids: string[] = Array.isArray(value) ? (value as string[]) : [];
  const groups = state.kind === "groups" ? state.groups : NO_GROUPS;
  const byId = useMemo(() => new Map(groups.map((group) => [group.id, group])), [groups]);
  const freeText = state.kind === "notConfigured" || state.kind === "failed";
  const toGroup = (groupId: string): CloudGroup =>
    byId.get(groupId) ?? { id: groupId, displayName: "", description: "" };
  const nameOf = (group: CloudGroup) => group.displayName || group.id;

  const helper =
    rawErrors?.[0] ??
    (state.kind === "notConfigured"
      ? t("adminForms.groups.notConfigured")
      : state.kind === "failed"
        ? t("adminForms.groups.loadFailed")
        : undefined);

  return (
    <Autocomplete<CloudGroup, true, false, boolean>
      id={id}
      multiple
      freeSolo={freeText}
      autoSelect={freeText}
      options={groups}
      loading={state.kind === "loading"}
      disabled={disabled || readonly}
      value={ids.map(toGroup)}
      isOptionEqualToValue={(option, selected) => option.id === (typeof selected === "string" ? selected : selected.id)}
      getOptionLabel={(option) => (typeof option === "string" ? option : nameOf(option))}
      filterSelectedOptions
      // Search by name, description or id, case-insensitively.
      filterOptions={(options, { inputValue }) => {
        const needle = inputValue.trim().toLowerCase();
        return needle
          ? options.filter((group) =>
              [group.displayName, group.description, group.id].some((text) => text.toLowerCase().includes(needle)),
            )
          : options;
      }}
      onChange={(_event, selected) =>
        onChange(unique(selected.flatMap((item) => (typeof item === "string" ? parseGroupIds(item) : [item.id]))))
      }
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      noOptionsText={t("adminForms.groups.none")}
      loadingText={t("adminForms.reference.loading")}
      renderOption={({ key, ...optionProps }, group) => (
        <Box component="li" key={key} {...optionProps}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{nameOf(group)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {group.description || group.id}
            </Typography>
          </Box>
        </Box>
      )}
      renderValue={(selected, getItemProps) =>
        selected.map((item, index) => {
          const group = typeof item === "string" ? toGroup(item) : item;
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={nameOf(group)} title={group.id} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required && ids.length === 0}
          error={Boolean(rawErrors?.length)}
          helperText={helper}
          placeholder={freeText ? t("adminForms.groups.idPlaceholder") : t("adminForms.groups.searchPlaceholder")}
        />
      )}
    />
  );
}
