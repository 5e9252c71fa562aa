/** Brands as AdminBrand records: the row's name and default flag plus its settings document. */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import type { ListRequest, ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { brands } from "../../db/schema";
import type { BrandRow } from "../brands/repo";

export type AdminBrand = components["schemas"]["AdminBrand"];
type Queryable = Pick<Db, "select">;

/** What brands.settings holds (the public Brand minus key, name and default key). */
export interface BrandSettings {
  logoFileName: string | null;
  navigationLogoFileName: string | null;
  avatarFileName: string | null;
  splashScreenBackgroundFileName: string | null;
  useLoginBackgroundImg: boolean;
  loginBackground: { main: string };
  loginAlignment: "Left" | "Center" | "Right";
  theme: NonNullable<AdminBrand["theme"]>;
}

export const IMAGE_FIELDS = {
  logo: "logoFileName",
  navigationLogo: "navigationLogoFileName",
  avatar: "avatarFileName",
  splashScreenBackground: "splashScreenBackgroundFileName",
} as const;
export type BrandImageType = keyof typeof IMAGE_FIELDS;

export function settingsOf(row: BrandRow): BrandSettings {
  const s = row.settings as Partial<BrandSettings>;
  return {
    logoFileName: s.logoFileName ?? null,
    navigationLogoFileName: s.navigationLogoFileName ?? null,
    avatarFileName: s.avatarFileName ?? null,
    splashScreenBackgroundFileName: s.splashScreenBackgroundFileName ?? null,
    useLoginBackgroundImg: s.useLoginBackgroundImg ?? false,
    loginBackground: s.loginBackground ?? { main: "#0d1117" },
    loginAlignment: s.loginAlignment ?? "Center",
    theme: s.theme ?? {},
  };
}

export function toAdminBrand(row: BrandRow): AdminBrand {
  return {
    brandKey: row.brandKey,
    name: row.name,
    isDefault: row.isDefault,
    ...settingsOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** By exact key: unlike the public API, administrators address `default` literally. */
export async function loadBrand(db: Queryable, brandKey: string): Promise<BrandRow> {
  const [row] = await db.select().from(brands).where(eq(brands.brandKey, brandKey));
  return row ?? notFound("brand");
}

export const brandListSpec: ListSpec = {
  sortFields: ["brandKey", "name", "isDefault", "createdAt", "updatedAt"],
  defaultSort: ["name", "ASC"],
  filters: ["q", "isDefault"],
};
const sortColumns = {
  brandKey: brands.brandKey,
  name: brands.name,
  isDefault: brands.isDefault,
  createdAt: brands.createdAt,
  updatedAt: brands.updatedAt,
};

export async function listAdminBrands(db: Db, request: ListRequest) {
  const f = new FilterReader(request.filter);
  const raw = request.filter.id;
  const keys = raw === undefined ? undefined : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const q = f.string("q");
  const isDefault = f.boolean("isDefault");
  f.done();
  const where: SQL | undefined = and(
    keys ? inArray(brands.brandKey, keys) : undefined,
    q ? or(ilike(brands.brandKey, likePattern(q)), ilike(brands.name, likePattern(q))) : undefined,
    isDefault === undefined ? undefined : eq(brands.isDefault, isDefault),
  );
  const column = sortColumns[request.sort.field as keyof typeof sortColumns];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(brands).where(where);
  const rows = await db
    .select()
    .from(brands)
    .where(where)
    .orderBy(request.sort.order === "ASC" ? asc(column) : desc(column), asc(brands.brandKey))
    .offset(request.offset)
    .limit(request.limit);
  return { total, rows: rows.map(toAdminBrand) };
}
