/**
 * Exactly one brand is the default, and the public instance settings name it
 * (defaultBrandKey): both change together, from the brands family or from the
 * branding tab of the instance settings.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../admin/audit";
import { brands, instanceSettings } from "../../db/schema";
import { PUBLIC_SETTINGS_KEY } from "../../seed";

export async function makeDefaultBrand(tx: Tx, brandKey: string): Promise<void> {
  await tx.update(brands).set({ isDefault: sql`${brands.brandKey} = ${brandKey}` });
  const [row] = await tx.select().from(instanceSettings).where(eq(instanceSettings.key, PUBLIC_SETTINGS_KEY));
  if (row)
    await tx
      .update(instanceSettings)
      .set({ value: { ...(row.value as object), defaultBrandKey: brandKey }, updatedAt: new Date() })
      .where(eq(instanceSettings.key, PUBLIC_SETTINGS_KEY));
}
