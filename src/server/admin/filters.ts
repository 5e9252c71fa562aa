/** Typed reads of a ra-data-simple-rest filter object; a wrong value answers 400 keyed `filter.<name>`. */
import { problem, type FieldErrors } from "../http/problem";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class FilterReader {
  private readonly errors: FieldErrors = {};

  constructor(private readonly filter: Record<string, unknown>) {}

  private fail(key: string, message: string): undefined {
    this.errors[`filter.${key}`] = [message];
    return undefined;
  }

  string(key: string): string | undefined {
    const value = this.filter[key];
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value !== "string") return this.fail(key, "must be a string");
    return value;
  }

  boolean(key: string): boolean | undefined {
    const value = this.filter[key];
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value !== "boolean") return this.fail(key, "must be true or false");
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!allowed.includes(value as T)) return this.fail(key, `must be one of: ${allowed.join(", ")}`);
    return value as T;
  }

  uuid(key: string): string | undefined {
    const value = this.string(key);
    if (value !== undefined && !UUID.test(value)) return this.fail(key, "must be a valid uuid");
    return value;
  }

  /** One id or an array of ids (ra-data-simple-rest's getMany sends `{"id":[...]}`). */
  ids(key = "id"): string[] | undefined {
    const value = this.filter[key];
    if (value === undefined || value === null) return undefined;
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((id) => typeof id === "string" && UUID.test(id)))
      return this.fail(key, "must be a uuid or an array of uuids");
    return list as string[];
  }

  date(key: string): Date | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return this.fail(key, "must be a date or date-time");
    return date;
  }

  /** Throws the collected errors, if any. */
  done(): void {
    if (Object.keys(this.errors).length > 0)
      throw problem(400, "Bad Request", "The request is not valid.", this.errors);
  }
}

/** `%` and `_` typed by a user match themselves in ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
