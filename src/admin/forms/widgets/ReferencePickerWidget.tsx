import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import type { WidgetProps } from "@rjsf/utils";
import { useMemo } from "react";
import { type RaRecord, useGetList } from "react-admin";
import { useTranslation } from "react-i18next";

/** How many records a picker offers; larger collections need a search-as-you-type picker. */
const PICKER_PAGE_SIZE = 500;

interface Choice {
  id: string;
  label: string;
}

/**
 * Ids of another admin resource (a user's roles, a policy's agents, …)
 * picked by name. `ui:options`: `resource` (the registry name),
 * `labelField` (shown and sorted by). Works for one id or an array of ids;
 * an id the list does not hold (deleted meanwhile) is still shown, as itself.
 */
export function ReferencePickerWidget(props: WidgetProps) {
  const { id, label, value, multiple, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus, options } =
    props;
  const { t } = useTranslation();
  const resource = String(options.resource ?? "");
  const labelField = String(options.labelField ?? "name");
  const { data, isPending, error } = useGetList<RaRecord>(resource, {
    pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
    sort: { field: labelField, order: "ASC" },
  });
  const choices = useMemo<Choice[]>(
    () => (data ?? []).map((record) => ({ id: String(record.id), label: String(record[labelField] ?? record.id) })),
    [data, labelField],
  );
  const byId = useMemo(() => new Map(choices.map((choice) => [choice.id, choice])), [choices]);
  const toChoice = (choiceId: string): Choice => byId.get(choiceId) ?? { id: choiceId, label: choiceId };
  const ids: string[] = multiple
    ? Array.isArray(value)
      ? (value as string[])
      : []
    : typeof value === "string"
      ? [value]
      : [];
  const helper = error ? t("adminForms.reference.loadFailed") : rawErrors?.[0];

  return (
    <Autocomplete<Choice, boolean>
      id={id}
      multiple={Boolean(multiple)}
      options={choices}
      loading={isPending}
      disabled={disabled || readonly}
      value={multiple ? ids.map(toChoice) : ids[0] ? toChoice(ids[0]) : null}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => option.label}
      filterSelectedOptions={Boolean(multiple)}
      onChange={(_event, selected) => {
        if (Array.isArray(selected)) onChange(selected.map((choice) => choice.id));
        else onChange(selected ? selected.id : undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      noOptionsText={t("adminForms.reference.none")}
      loadingText={t("adminForms.reference.loading")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required && ids.length === 0}
          error={Boolean(error) || Boolean(rawErrors?.length)}
          helperText={helper}
        />
      )}
    />
  );
}
