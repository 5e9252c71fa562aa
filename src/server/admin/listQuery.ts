/**
 * ra-data-simple-rest collections: `sort=["field","ASC"]`, `range=[0,24]` and
 * `filter={...}` JSON query parameters in, a page and a `Content-Range` header out.
 */
import type { FastifyReply } from "fastify";
import { problem, type FieldErrors } from "../http/problem";

export type SortOrder = "ASC" | "DESC";

export interface ListRequest {
  sort: { field: string; order: SortOrder };
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

export interface ListSpec {
  sortFields: readonly string[];
  defaultSort: readonly [string, SortOrder];
  /** Filter keys besides `id`, which every collection accepts. */
  filters: readonly string[];
}

/** The largest page one request may ask for; ra-data-simple-rest's getMany sends no range at all. */
export const MAX_PAGE = 1000;

function parseJson(raw: string | undefined, field: string, errors: FieldErrors): unknown {
  if (raw === undefined || raw === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    errors[field] = ["is not valid JSON"];
    return undefined;
  }
}

function parseSort(value: unknown, spec: ListSpec, errors: FieldErrors): ListRequest["sort"] {
  const [defaultField, defaultOrder] = spec.defaultSort;
  if (value === undefined) return { field: defaultField, order: defaultOrder };
  const [field, order] = Array.isArray(value) ? (value as unknown[]) : [];
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof field !== "string" ||
    (order !== "ASC" && order !== "DESC")
  ) {
    errors.sort = ['must be ["field","ASC"] or ["field","DESC"]'];
    return { field: defaultField, order: defaultOrder };
  }
  if (!spec.sortFields.includes(field)) {
    errors.sort = [`must sort by one of: ${spec.sortFields.join(", ")}`];
    return { field: defaultField, order: defaultOrder };
  }
  return { field, order };
}

function parseRange(value: unknown, errors: FieldErrors): { offset: number; limit: number } {
  if (value === undefined) return { offset: 0, limit: MAX_PAGE };
  const [first, last] = Array.isArray(value) ? (value as unknown[]) : [];
  const valid =
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isInteger(first) &&
    Number.isInteger(last) &&
    (first as number) >= 0 &&
    (last as number) >= (first as number);
  if (!valid) {
    errors.range = ["must be [first, last] with 0 <= first <= last"];
    return { offset: 0, limit: MAX_PAGE };
  }
  const limit = (last as number) - (first as number) + 1;
  if (limit > MAX_PAGE) errors.range = [`must span at most ${MAX_PAGE} records`];
  return { offset: first as number, limit: Math.min(limit, MAX_PAGE) };
}

function parseFilter(value: unknown, spec: ListSpec, errors: FieldErrors): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    errors.filter = ["must be a JSON object"];
    return {};
  }
  const filter = value as Record<string, unknown>;
  for (const key of Object.keys(filter))
    if (key !== "id" && !spec.filters.includes(key)) errors[`filter.${key}`] = ["is not a filter of this collection"];
  return filter;
}

/** Reads the three query parameters; every mistake answers 400 with `errors` keyed by parameter. */
export function parseListQuery(query: unknown, spec: ListSpec): ListRequest {
  const q = (query ?? {}) as { sort?: string; range?: string; filter?: string };
  const errors: FieldErrors = {};
  const sort = parseSort(parseJson(q.sort, "sort", errors), spec, errors);
  const range = parseRange(parseJson(q.range, "range", errors), errors);
  const filter = parseFilter(parseJson(q.filter, "filter", errors), spec, errors);
  if (Object.keys(errors).length > 0) throw problem(400, "Bad Request", "The request is not valid.", errors);
  return { sort, ...range, filter };
}

/** Sets `Content-Range: <family> <first>-<last>/<total>` (`*\/<total>` for an empty page) and answers the rows. */
export function sendPage<T>(
  reply: FastifyReply,
  family: string,
  request: Pick<ListRequest, "offset">,
  total: number,
  rows: T[],
): T[] {
  const range = rows.length === 0 ? "*" : `${request.offset}-${request.offset + rows.length - 1}`;
  reply.header("Content-Range", `${family} ${range}/${total}`);
  return rows;
}

/** A whole (small) nested collection as one page. */
export function sendAll<T>(reply: FastifyReply, family: string, rows: T[]): T[] {
  return sendPage(reply, family, { offset: 0 }, rows.length, rows);
}
