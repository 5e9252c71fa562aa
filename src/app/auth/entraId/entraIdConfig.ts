import type { InstanceSettings } from "../authTypes";

export type EntraIdSettings = InstanceSettings["entraIdSettings"];

/** Microsoft sign-in is offered only when the instance names an app registration (client and tenant). */
export function isEntraIdConfigured(settings: EntraIdSettings | undefined): settings is EntraIdSettings {
  return Boolean(settings?.clientId.trim() && settings.tenantId.trim());
}

/** Spec §7: scopes openid, offline_access and the app's default scope. */
export function entraIdScopes(clientId: string): string[] {
  return ["openid", "offline_access", `api://${clientId}/.default`];
}

export function entraIdAuthority(settings: EntraIdSettings): string {
  const instance = settings.instance.trim() || "https://login.microsoftonline.com/";
  return `${instance.replace(/\/+$/, "")}/${settings.tenantId}`;
}
