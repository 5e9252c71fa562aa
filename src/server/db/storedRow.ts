/**
 * An insert's row without reading it all back: `returning()` of every column costs the embedded
 * database the description and transfer of each one (a question's segment has 24: about a third
 * of its insert). The stored row is the values sent, the columns' literal defaults, and the few
 * columns only the database (or drizzle) chooses, which the insert returns.
 */
import { getTableColumns, is, SQL, type InferInsertModel, type InferSelectModel, type Table } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** The columns whose value on insert is chosen by the database (a SQL default: now(), a random id) or by drizzle (a default function). */
export function chosenColumns(table: Table): Record<string, PgColumn> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(
      ([, column]) => is(column.default, SQL) || column.defaultFn !== undefined || column.generated !== undefined,
    ),
  ) as Record<string, PgColumn>;
}

/** The row as `returning()` would give it: `chosen` (what the insert returned of chosenColumns) over the values sent, over the literal defaults. */
export function storedRow<T extends Table>(
  table: T,
  values: InferInsertModel<T>,
  chosen: Partial<InferSelectModel<T>>,
): InferSelectModel<T> {
  const given = values as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (key in chosen) row[key] = chosen[key as keyof typeof chosen];
    else if (given[key] !== undefined) row[key] = given[key];
    // A column the database chooses that the caller did not ask back is left out of the row.
    else if (is(column.default, SQL)) continue;
    // A literal default is one object shared by every row: each row gets its own copy.
    else if (column.hasDefault && column.default !== undefined) row[key] = structuredClone(column.default);
    else row[key] = null;
  }
  return row as InferSelectModel<T>;
}
