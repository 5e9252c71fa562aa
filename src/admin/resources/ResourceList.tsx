import AddRoundedIcon from "@mui/icons-material/AddRounded";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import {
  BooleanField,
  Datagrid,
  DateField,
  ListBase,
  NumberField,
  Pagination,
  TextField,
  useTranslate,
} from "react-admin";
import { Link } from "react-router-dom";
import type { AdminResource, ResourceSchema } from "../dataProvider/resourceSchema";
import { propertyKeyword, propertyLabel, propertyTypes } from "../dataProvider/resourceSchema";
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
  return <TextField key={name} {...props} />;
}

/** /admin/<path>: the registry entry's listColumns, sortable, paged by Content-Range. */
export function ResourceList({ resource }: { resource: AdminResource }) {
  const translate = useTranslate();
  const { definition, schema } = resource;
  const paths = resourcePaths(definition);
  return (
    <ResourcePage
      title={definition.title}
      actions={
        <Button component={Link} to={paths.create} variant="contained" startIcon={<AddRoundedIcon />}>
          {translate("ra.action.create")}
        </Button>
      }
    >
      <ListBase resource={definition.name} perPage={PER_PAGE} sort={{ field: definition.listColumns[0] ?? "id", order: "ASC" }}>
        <Card variant="outlined" sx={{ overflowX: "auto" }}>
          <Datagrid bulkActionButtons={false} rowClick={(id) => paths.edit(id)}>
            {definition.listColumns.map((name) => columnField(schema, name))}
          </Datagrid>
          <Pagination />
        </Card>
      </ListBase>
    </ResourcePage>
  );
}
