import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useRecordContext } from "react-admin";
import { propertyLabel, type ResourceSchema } from "../dataProvider/resourceSchema";

function formatted(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "object" ? JSON.stringify(value, null, 2) : String(value);
}

/**
 * A read-only record's fields beyond its list columns (an audit entry's
 * before and after), shown when its row is expanded.
 */
export function RecordDetails({ schema, columns }: { schema: ResourceSchema; columns: readonly string[] }) {
  const record = useRecordContext();
  if (!record) return null;
  const shown = new Set(columns);
  const names = Object.keys(schema.properties).filter((name) => !shown.has(name));
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: 1, m: 0, py: 1 }}>
      {names.map((name) => (
        <Box key={name} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {propertyLabel(schema, name)}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
            <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
              {formatted(record[name])}
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
