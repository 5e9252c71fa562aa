/** Instance-wide public information (tag instance): settings, feature flags, build. */
import { asc, eq } from "drizzle-orm";
import { featureFlags, instanceSettings } from "../../db/schema";
import { compareText } from "../../db/users";
import type { Handlers } from "../../http/types";
import { PUBLIC_SETTINGS_KEY } from "../../seed";
import { buildInfo } from "./buildInfo";

export const instanceHandlers: Handlers = {
  async getInstanceSettings(_request, _reply, ctx) {
    const [row] = await ctx.deps.database.db
      .select({ value: instanceSettings.value })
      .from(instanceSettings)
      .where(eq(instanceSettings.key, PUBLIC_SETTINGS_KEY));
    if (!row) throw new Error("instance settings `public` are missing: the database was not seeded");
    return row.value;
  },

  async listFeatures(_request, _reply, ctx) {
    const flags = await ctx.deps.database.db
      .select({ name: featureFlags.name, enabled: featureFlags.enabled })
      .from(featureFlags)
      .orderBy(asc(featureFlags.name));
    return flags.sort((a, b) => compareText(a.name, b.name));
  },

  /** The effective UPLOAD_MAX_*_BYTES, so the composer refuses only what this server would. */
  async getUploadLimits(_request, _reply, ctx) {
    const limits = ctx.deps.config.uploadLimits;
    return {
      maxImageBytes: limits.image,
      maxPdfBytes: limits.pdf,
      maxDocxBytes: limits.docx,
      maxTextBytes: limits.text,
    };
  },

  async getBuildInfo() {
    return buildInfo;
  },
};
