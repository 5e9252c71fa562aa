/** Brands: CRUD with an immutable key and exactly one default. */
import { eq } from "drizzle-orm";
import { auditedChange } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { parseListQuery, sendPage } from "../../admin/listQuery";
import { brands } from "../../db/schema";
import { problem, type FieldErrors } from "../../http/problem";
import type { Handlers } from "../../http/types";
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

type Params = { brandKey: string };

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

export const brandHandlers: Handlers = {
  async listAdminBrands(request, reply, ctx) {
    const list = parseListQuery(request.query, brandListSpec);
    const { total, rows } = await listAdminBrands(ctx.deps.database.db, list);
    return sendPage(reply, "brands", list, total, rows);
  },

  async getAdminBrand(request, _reply, ctx) {
    return toAdminBrand(await loadBrand(ctx.deps.database.db, (request.params as Params).brandKey));
  },

  async createAdminBrand(request, reply, ctx) {
    const body = request.body as AdminBrand;
    const created = await auditedChange(ctx, async (tx, audit) => {
      const errors: FieldErrors = {};
      const name = checkedName(body, errors);
      if ((await tx.select({ key: brands.brandKey }).from(brands).where(eq(brands.brandKey, body.brandKey))).length > 0)
        errors.brandKey = ["is already used by another brand"];
      assertValid(errors);
      await tx
        .insert(brands)
        .values({
          brandKey: body.brandKey,
          name,
          isDefault: false,
          settings: mergedSettings(body, NEW_BRAND_SETTINGS),
        });
      if (body.isDefault) await makeDefaultBrand(tx, body.brandKey);
      const after = toAdminBrand(await loadBrand(tx, body.brandKey));
      await audit({ entityType: "Brand", entityId: body.brandKey, operation: "Create", after });
      return after;
    });
    reply.code(201);
    return created;
  },

  async updateAdminBrand(request, _reply, ctx) {
    const { brandKey } = request.params as Params;
    const body = request.body as AdminBrand;
    return auditedChange(ctx, async (tx, audit) => {
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
      const after = toAdminBrand(await loadBrand(tx, brandKey));
      await audit({
        entityType: "Brand",
        entityId: brandKey,
        operation: "Update",
        before: toAdminBrand(current),
        after,
      });
      return after;
    });
  },

  async deleteAdminBrand(request, _reply, ctx) {
    const { brandKey } = request.params as Params;
    return auditedChange(ctx, async (tx, audit) => {
      const current = await loadBrand(tx, brandKey);
      if (current.isDefault)
        throw problem(409, "Conflict", "The default brand cannot be deleted: make another brand the default first.");
      // Its images go with it (brand_files cascades).
      await tx.delete(brands).where(eq(brands.brandKey, brandKey));
      const before = toAdminBrand(current);
      await audit({ entityType: "Brand", entityId: brandKey, operation: "Delete", before });
      return before;
    });
  },
};
