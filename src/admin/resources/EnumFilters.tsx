import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useListContext } from "react-admin";
import { useTranslation } from "react-i18next";
import { enumLabel, propertyKeyword, propertyLabel, type ResourceSchema } from "../dataProvider/resourceSchema";

/** The named fields whose schema is an enum, with their values (null left out). */
function enumColumns(schema: ResourceSchema, columns: readonly string[]) {
  return columns.flatMap((name) => {
    const property = schema.properties[name];
    const values = property
      ? propertyKeyword(property, "enum")?.filter((value): value is string => typeof value === "string")
      : undefined;
    return values?.length ? [{ name, values }] : [];
  });
}

/** A select per enum filter the registry entry declares, filtering by `filter={"<field>": value}`. */
export function EnumFilters({ schema, columns }: { schema: ResourceSchema; columns: readonly string[] }) {
  const { t } = useTranslation();
  const { filterValues, setFilters } = useListContext();
  const filters = enumColumns(schema, columns);
  if (filters.length === 0) return null;
  const change = (name: string, value: string) => {
    const { [name]: _previous, ...others } = filterValues as Record<string, unknown>;
    setFilters(value ? { ...others, [name]: value } : others);
  };
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap" }}>
      {filters.map(({ name, values }) => (
        <TextField
          key={name}
          select
          size="small"
          sx={{ minWidth: 180 }}
          label={propertyLabel(schema, name)}
          value={String((filterValues as Record<string, unknown>)[name] ?? "")}
          onChange={(event) => change(name, event.target.value)}
        >
          <MenuItem value="">{t("adminForms.filterAll")}</MenuItem>
          {values.map((value) => (
            <MenuItem key={value} value={value}>
              {enumLabel(schema.properties[name], value)}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
