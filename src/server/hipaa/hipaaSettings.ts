/** The hipaa tab of the instance settings: HIPAA mode and the conversation retention period. */
import type { components } from "../../generated/api";
import type { Db } from "../db/client";
import { readSetting } from "../features/adminInstanceSettings/settingsStore";

export type HipaaSettings = Required<components["schemas"]["InstanceHipaaSettings"]>;

export const HIPAA_KEY = "hipaa";
export const HIPAA_OFF: HipaaSettings = { enabled: false, retentionDays: null };

export function readHipaaSettings(db: Pick<Db, "select">): Promise<HipaaSettings> {
  return readSetting(db, HIPAA_KEY, HIPAA_OFF);
}
