/** Handlers of the adminBrands tag. */
import type { Handlers } from "../../http/types";
import { brandHandlers } from "./brandHandlers";
import { brandImageHandlers } from "./imageHandlers";

export const adminBrandsHandlers: Handlers = { ...brandHandlers, ...brandImageHandlers };
