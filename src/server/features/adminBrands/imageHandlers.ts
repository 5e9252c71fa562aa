/** Brand images: replaced from base64 (type sniffed from the bytes) into brand_files, or removed. */
import { and, eq } from "drizzle-orm";
import { auditedChange, type Tx } from "../../admin/audit";
import { decodeImage, EXTENSIONS } from "../../admin/images";
import { brandFiles, brands } from "../../db/schema";
import type { HandlerContext, Handlers } from "../../http/types";
import {
  IMAGE_FIELDS,
  loadBrand,
  settingsOf,
  toAdminBrand,
  type BrandImageType,
  type BrandSettings,
} from "./brandRecords";

type Params = { brandKey: string; imageType: BrandImageType };
/** The brief's limit for brand images (decoded bytes). */
const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Removes a file no image field names any more (the seeded brand shares one logo between two fields). */
async function dropIfUnused(tx: Tx, brandKey: string, fileName: string | null, settings: BrandSettings): Promise<void> {
  if (!fileName || Object.values(IMAGE_FIELDS).some((field) => settings[field] === fileName)) return;
  await tx.delete(brandFiles).where(and(eq(brandFiles.brandKey, brandKey), eq(brandFiles.fileName, fileName)));
}

async function replaceImage(
  ctx: HandlerContext,
  params: Params,
  file: { fileName: string; mimeType: string; content: string } | null,
) {
  return auditedChange(ctx, async (tx, audit) => {
    const current = await loadBrand(tx, params.brandKey);
    const field = IMAGE_FIELDS[params.imageType];
    const previous = settingsOf(current)[field];
    const settings = { ...settingsOf(current), [field]: file?.fileName ?? null };
    if (file)
      await tx
        .insert(brandFiles)
        .values({ brandKey: current.brandKey, ...file })
        .onConflictDoUpdate({
          target: [brandFiles.brandKey, brandFiles.fileName],
          set: { mimeType: file.mimeType, content: file.content, updatedAt: new Date() },
        });
    await tx.update(brands).set({ settings, updatedAt: new Date() }).where(eq(brands.brandKey, current.brandKey));
    await dropIfUnused(tx, current.brandKey, previous, settings);
    const after = toAdminBrand(await loadBrand(tx, current.brandKey));
    await audit({
      entityType: "Brand",
      entityId: current.brandKey,
      operation: "Update",
      before: toAdminBrand(current),
      after,
    });
    return after;
  });
}

export const brandImageHandlers: Handlers = {
  async uploadAdminBrandImage(request, _reply, ctx) {
    const params = request.params as Params;
    await loadBrand(ctx.deps.database.db, params.brandKey);
    const image = decodeImage(request.body as { base64: string; mimeType: string }, BRAND_IMAGE_MAX_BYTES);
    const fileName = `${params.imageType}.${EXTENSIONS[image.mimeType]}`;
    return replaceImage(ctx, params, { fileName, mimeType: image.mimeType, content: image.bytes.toString("base64") });
  },

  async deleteAdminBrandImage(request, _reply, ctx) {
    return replaceImage(ctx, request.params as Params, null);
  },
};
