/** Brand themes and their images (tag brands); public, since the login page needs them. */
import type { FastifyReply } from "fastify";
import { HttpProblem } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { findBrand, findBrandFile, findDefaultBrand, type BrandFileRow, type BrandRow } from "./repo";

interface BrandSettings {
  logoFileName?: string | null;
  avatarFileName?: string | null;
}

interface BrandParams {
  brandKey: string;
  fileName?: string;
}

/** Brand images change rarely; an hour keeps the login page fast without pinning an old logo for long. */
const IMAGE_CACHE_CONTROL = "public, max-age=3600";
// An SVG opened directly is a document: it must not run script or load anything.
const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

function brandNotFound(brandKey: string): HttpProblem {
  return new HttpProblem(404, "Not Found", `There is no brand "${brandKey}".`);
}

function fileNotFound(brand: BrandRow, fileName: string): HttpProblem {
  return new HttpProblem(404, "Not Found", `The brand "${brand.brandKey}" has no file "${fileName}".`);
}

function sendImage(reply: FastifyReply, file: BrandFileRow): FastifyReply {
  reply.header("Cache-Control", IMAGE_CACHE_CONTROL).header("X-Content-Type-Options", "nosniff");
  if (file.mimeType === "image/svg+xml") reply.header("Content-Security-Policy", SVG_CONTENT_SECURITY_POLICY);
  return reply.type(file.mimeType).send(Buffer.from(file.content, "base64"));
}

export const brandsHandlers: Handlers = {
  async getBrand(request, _reply, ctx) {
    const { brandKey } = request.params as BrandParams;
    const db = ctx.deps.database.db;
    const brand = await findBrand(db, brandKey);
    if (!brand) throw brandNotFound(brandKey);
    const defaultBrand = brand.isDefault ? brand : await findDefaultBrand(db);
    return {
      ...(brand.settings as object),
      brandKey: brand.brandKey,
      name: brand.name,
      defaultBrandKey: defaultBrand?.brandKey ?? brand.brandKey,
    };
  },

  async getBrandFile(request, reply, ctx) {
    const { brandKey, fileName = "" } = request.params as BrandParams;
    const db = ctx.deps.database.db;
    const brand = await findBrand(db, brandKey);
    if (!brand) throw brandNotFound(brandKey);
    const file = await findBrandFile(db, brand.brandKey, fileName);
    if (!file) throw fileNotFound(brand, fileName);
    return sendImage(reply, file);
  },

  async getBrandFavicon(request, reply, ctx) {
    const { brandKey } = request.params as BrandParams;
    const db = ctx.deps.database.db;
    const brand = await findBrand(db, brandKey);
    if (!brand) throw brandNotFound(brandKey);
    const settings = brand.settings as BrandSettings;
    const fileName = settings.avatarFileName || settings.logoFileName;
    if (!fileName) throw new HttpProblem(404, "Not Found", `The brand "${brand.brandKey}" has no icon.`);
    const file = await findBrandFile(db, brand.brandKey, fileName);
    if (!file) throw fileNotFound(brand, fileName);
    return sendImage(reply, file);
  },
};
