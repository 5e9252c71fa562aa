import type { Identifier } from "react-admin";
import { uploadBrandImages } from "../resources/brands/brandImages";
import type { AdminHttpClient } from "./adminHttpClient";

type ApiRecord = Record<string, unknown>;

export interface AfterWriteArgs {
  /** The record's id (its idField value). */
  id: Identifier;
  /** What the form submitted, before readOnly fields were stripped from the body. */
  data: ApiRecord;
  /** The record before an update; absent after a create. */
  previous?: ApiRecord;
  /** The server's answer to the create or update. */
  saved: ApiRecord;
  httpClient: AdminHttpClient;
  apiUrl: string;
}

/** A side effect after a record is saved (uploads); resolves with the record as now stored. */
export type AfterWrite = (args: AfterWriteArgs) => Promise<ApiRecord>;

/** Side effects per resource name, run by the data provider after create and update. */
export const writeCallbacks: Readonly<Record<string, AfterWrite>> = {
  brands: uploadBrandImages,
};
