/** Brands: CRUD with an immutable key and exactly one default. */
import { eq } from "drizzle-orm";
import { assertValid } from "../../admin/context";
import { brands } from "../../db/schema";
import { problem, type FieldErrors } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { auditedCrud } from "../adminCrud/auditedCrud";
import { defaultBrandSettings } from "../brands/defaultBrand";
import {
  brandListSpec,
  listAdminBrands,
  loadBrand,
  settingsOf,
  toAdminBrand,
  type AdminBrand,
  type BrandSettings,
} from "./brandRecords";
import { makeDefaultBrand } from "./defaultBrand";

/** The editable settings from a record, over the current (or, for a new brand, the default) ones; image names stay server-set. */
function mergedSettings(body: AdminBrand, current: BrandSettings): BrandSettings {
  return {
    ...current,
    ...(body.theme !== undefined ? { theme: body.theme } : {}),
    ...(body.loginBackground !== undefined ? { loginBackground: body.loginBackground } : {}),
    ...(body.loginAlignment !== undefined ? { loginAlignment: body.loginAlignment } : {}),
    ...(body.useLoginBackgroundImg !== undefined ? { useLoginBackgroundImg: body.useLoginBackgroundImg } : {}),
  };
}

function checkedName(body: AdminBrand, errors: FieldErrors): string {
  const name = body.name.trim();
  if (!name) errors.name = ["is required"];
  return name;
}

const NEW_BRAND_SETTINGS: BrandSettings = {
  ...(defaultBrandSettings as Omit<BrandSettings, "loginAlignment">),
  loginAlignment: "Center",
  // A new brand has no images of its own until they are uploaded.
  logoFileName: null,
  navigationLogoFileName: null,
  avatarFileName: null,
  splashScreenBackgroundFileName: null,
};

const brandCrud = auditedCrud(
  { one: "AdminBrand", many: "AdminBrands" },
  {
    entityType: "Brand",
    listSpec: brandListSpec,
    list: (db, list) => listAdminBrands(db, list),
    load: async (db, brandKey) => toAdminBrand(await loadBrand(db, brandKey)),

    async insert(tx, body: AdminBrand) {
      const errors: FieldErrors = {};
      const name = checkedName(body, errors);
      if ((await tx.select({ key: brands.brandKey }).from(brands).where(eq(brands.brandKey, body.brandKey))).length > 0)
        errors.brandKey = ["is already used by another brand"];
      assertValid(errors);
      await tx.insert(brands).values({
        brandKey: body.brandKey,
        name,
        isDefault: false,
        settings: mergedSettings(body, NEW_BRAND_SETTINGS),
      });
      if (body.isDefault) await makeDefaultBrand(tx, body.brandKey);
      return body.brandKey;
    },

    async change(tx, brandKey, body) {
      const current = await loadBrand(tx, brandKey);
      const errors: FieldErrors = {};
      const name = checkedName(body, errors);
      if (body.brandKey !== brandKey) errors.brandKey = ["cannot be changed"];
      assertValid(errors);
      if (current.isDefault && body.isDefault === false)
        throw problem(409, "Conflict", "One brand must stay the default: make another brand the default instead.");
      await tx
        .update(brands)
        .set({ name, settings: mergedSettings(body, settingsOf(current)), updatedAt: new Date() })
        .where(eq(brands.brandKey, brandKey));
      if (body.isDefault && !current.isDefault) await makeDefaultBrand(tx, brandKey);
    },

    async remove(tx, brandKey, current) {
      if (current.isDefault)
        throw problem(409, "Conflict", "The default brand cannot be deleted: make another brand the default first.");
      // Its images go with it (brand_files cascades).
      await tx.delete(brands).where(eq(brands.brandKey, brandKey));
    },
  },
);

export const brandHandlers: Handlers = brandCrud;
