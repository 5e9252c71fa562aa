/** A warning answered beside a saved record: valid, but probably not what the admin meant (spec §8). */
import type { components } from "../../../generated/api";

export type Warning = components["schemas"]["ModerationWarning"];
