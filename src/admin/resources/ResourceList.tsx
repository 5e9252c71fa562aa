import AddRoundedIcon from "@mui/icons-material/AddRounded";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Stack from "@mui/material/Stack";
import {
  BooleanField,
  Datagrid,
  DateField,
  ListBase,
  NumberField,
  Pagination,
  SelectField,
  type SortPayload,
  TextField,
  useTranslate,
} from "react-admin";
import { Link } from "react-router-dom";
import type { AdminResource, ResourceSchema } from "../dataProvider/resourceSchema";
import {
  enumChoices,
  propertyKeyword,
  propertyLabel,
  propertyTypes,
  resourceOperations,
} from "../dataProvider/resourceSchema";
import { EnumFilters } from "./EnumFilters";
import { listActions } from "./listActions";
import { RecordDetails } from "./RecordDetails";
import { ResourcePage } from "./ResourcePage";
import { resourcePaths } from "./resourcePaths";

const PER_PAGE = 25;

/**
 * One list column, its field chosen from the property's schema type. A plain
 * function returning the field element: Datagrid reads its children's props
 * (source, label), so they must be the fields themselves.
 */
function columnField(schema: ResourceSchema, name: string) {
  const property = schema.properties[name] ?? {};
  const props = { source: name, label: propertyLabel(schema, name) };
  const types = propertyTypes(property);
  if (types.includes("boolean")) return <BooleanField key={name} {...props} />;
  if (types.includes("integer") || types.includes("number")) return <NumberField key={name} {...props} />;
  if (propertyKeyword(property, "format") === "date-time") return <DateField key={name} {...props} showTime />;
  const choices = enumChoices(property);
  if (choices) return <SelectField key={name} {...props} choices={choices} />;
  return <TextField key={name} {...props} />;
}

/** Sorted by the first column: newest first when it is a date (the audit log's When), else ascending. */
function defaultSort(schema: ResourceSchema, first: string | undefined): SortPayload {
  const property = first ? schema.properties[first] : undefined;
  const isDate = property !== undefined && propertyKeyword(property, "format") === "date-time";
  return { field: first ?? "id", order: isDate ? "DESC" : "ASC" };
}

/**
 * /admin/<path>: the registry entry's listColumns, sortable, paged by
 * Content-Range, with a select per declared enum filter. Create and row editing only
 * where the contract offers them; a read-only family's rows expand to show
 * the whole record instead.
 */
export function ResourceList({ resource }: { resource: AdminResource }) {
  const translate = useTranslate();
  const { definition, schema } = resource;
  const paths = resourcePaths(definition);
  const operations = resourceOperations(definition);
  const Extra = listActions[definition.name];
  return (
    <ResourcePage
      title={definition.title}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          {Extra && <Extra />}
          {operations.create && (
            <Button component={Link} to={paths.create} variant="contained" startIcon={<AddRoundedIcon />}>
              {translate("ra.action.create")}
            </Button>
          )}
        </Stack>
      }
    >
      <ListBase resource={definition.name} perPage={PER_PAGE} sort={defaultSort(schema, definition.listColumns[0])}>
        <EnumFilters schema={schema} columns={definition.filters ?? []} />
        <Card variant="outlined" sx={{ overflowX: "auto" }}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={operations.update ? (id) => paths.edit(id) : "expand"}
            expand={operations.update ? undefined : <RecordDetails schema={schema} columns={definition.listColumns} />}
          >
            {definition.listColumns.map((name) => columnField(schema, name))}
          </Datagrid>
          <Pagination />
        </Card>
      </ListBase>
    </ResourcePage>
  );
}
