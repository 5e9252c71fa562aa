/** Brand lookups: `default` names the instance's default brand. */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { brandFiles, brands } from "../../db/schema";
import { DEFAULT_BRAND_KEY } from "./defaultBrand";

export type BrandRow = typeof brands.$inferSelect;
export type BrandFileRow = typeof brandFiles.$inferSelect;

export async function findDefaultBrand(db: Db): Promise<BrandRow | undefined> {
  const [row] = await db.select().from(brands).where(eq(brands.isDefault, true)).limit(1);
  return row;
}

/** The brand a key names; `default` resolves to the default brand, whatever its key. */
export async function findBrand(db: Db, brandKey: string): Promise<BrandRow | undefined> {
  if (brandKey === DEFAULT_BRAND_KEY) {
    const byFlag = await findDefaultBrand(db);
    if (byFlag) return byFlag;
  }
  const [row] = await db.select().from(brands).where(eq(brands.brandKey, brandKey)).limit(1);
  return row;
}

export async function findBrandFile(db: Db, brandKey: string, fileName: string): Promise<BrandFileRow | undefined> {
  const [row] = await db
    .select()
    .from(brandFiles)
    .where(and(eq(brandFiles.brandKey, brandKey), eq(brandFiles.fileName, fileName)))
    .limit(1);
  return row;
}
