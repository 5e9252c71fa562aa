/** The branding and agents tabs: both live in the public settings document that GET /InstanceSettings answers. */
import { eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { auditedChange } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import type { Db } from "../../db/client";
import { brands } from "../../db/schema";
import type { FieldErrors } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { defaultPublicSettings, PUBLIC_SETTINGS_KEY } from "../../seed";
import { makeDefaultBrand } from "../adminBrands/defaultBrand";
import { readSetting, writeSetting } from "./settingsStore";

type Branding = components["schemas"]["InstanceBrandingSettings"];
type Agents = components["schemas"]["InstanceAgentsSettings"];
type PublicSettings = typeof defaultPublicSettings;

const readPublic = (db: Pick<Db, "select">) =>
  readSetting<PublicSettings>(db, PUBLIC_SETTINGS_KEY, defaultPublicSettings);
const brandingOf = (s: PublicSettings): Branding => ({
  name: s.name,
  organizationName: s.organizationName,
  defaultBrandKey: s.defaultBrandKey,
  releaseNotesUrl: s.releaseNotesUrl,
});
const agentsOf = (s: PublicSettings): Agents => ({ entraIdSettings: s.entraIdSettings });

function isHttpUrl(text: string, httpsOnly = false): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === "https:" || (!httpsOnly && protocol === "http:");
  } catch {
    return false;
  }
}

export const publicTabHandlers: Handlers = {
  async getAdminInstanceSettingsBranding(_request, _reply, ctx) {
    return brandingOf(await readPublic(ctx.deps.database.db));
  },

  async updateAdminInstanceSettingsBranding(request, _reply, ctx) {
    const body = request.body as Branding;
    return auditedChange(ctx, async (tx, audit) => {
      const current = await readPublic(tx);
      const errors: FieldErrors = {};
      const name = body.name.trim();
      if (!name) errors.name = ["is required"];
      const releaseNotesUrl = body.releaseNotesUrl.trim();
      if (releaseNotesUrl && !isHttpUrl(releaseNotesUrl)) errors.releaseNotesUrl = ["must be an http or https URL"];
      if (
        (await tx.select({ key: brands.brandKey }).from(brands).where(eq(brands.brandKey, body.defaultBrandKey)))
          .length === 0
      )
        errors.defaultBrandKey = ["is not a brand"];
      assertValid(errors);
      const next = { ...current, name, organizationName: body.organizationName.trim(), releaseNotesUrl };
      await writeSetting(tx, PUBLIC_SETTINGS_KEY, next);
      // Also flags the brand as the default and writes defaultBrandKey into the public settings.
      await makeDefaultBrand(tx, body.defaultBrandKey);
      const after = brandingOf(await readPublic(tx));
      await audit({
        entityType: "InstanceSettings",
        entityId: "branding",
        operation: "Update",
        before: brandingOf(current),
        after,
      });
      return after;
    });
  },

  async getAdminInstanceSettingsAgents(_request, _reply, ctx) {
    return agentsOf(await readPublic(ctx.deps.database.db));
  },

  async updateAdminInstanceSettingsAgents(request, _reply, ctx) {
    const { entraIdSettings } = request.body as Agents;
    return auditedChange(ctx, async (tx, audit) => {
      const current = await readPublic(tx);
      const cleaned = {
        clientId: entraIdSettings.clientId.trim(),
        tenantId: entraIdSettings.tenantId.trim(),
        instance: entraIdSettings.instance.trim(),
      };
      if (cleaned.instance && !isHttpUrl(cleaned.instance, true))
        assertValid({ "entraIdSettings.instance": ["must be an https URL"] });
      await writeSetting(tx, PUBLIC_SETTINGS_KEY, { ...current, entraIdSettings: cleaned });
      const after = { entraIdSettings: cleaned };
      await audit({
        entityType: "InstanceSettings",
        entityId: "agents",
        operation: "Update",
        before: agentsOf(current),
        after,
      });
      return after;
    });
  },
};
