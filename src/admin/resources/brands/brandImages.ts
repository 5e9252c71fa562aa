import type { AfterWrite } from "../../dataProvider/writeCallbacks";
import { isPendingImage, toImageUpload } from "../../forms/widgets/imageFiles";

/** The brand's image fields (uiSchema.json gives them the imageUpload widget) and their upload endpoints' image types. */
const BRAND_IMAGE_FIELDS = {
  logoFileName: "logo",
  navigationLogoFileName: "navigationLogo",
  avatarFileName: "avatar",
  splashScreenBackgroundFileName: "splashScreenBackground",
} as const;

/**
 * After a brand is created or updated: images chosen in the form (data URLs)
 * are uploaded to POST /admin/brands/{brandKey}/images/{type}, cleared ones
 * deleted. The answer of the last call is the brand as now stored.
 */
export const uploadBrandImages: AfterWrite = async ({ id, data, previous, saved, httpClient, apiUrl }) => {
  let record = saved;
  for (const [field, imageType] of Object.entries(BRAND_IMAGE_FIELDS)) {
    const value = data[field];
    const url = `${apiUrl}/brands/${encodeURIComponent(String(id))}/images/${imageType}`;
    const upload = isPendingImage(value) ? toImageUpload(value) : undefined;
    if (upload) {
      record = (await httpClient(url, { method: "POST", body: JSON.stringify(upload) })).json as typeof record;
    } else if (value === "" && previous?.[field]) {
      record = (await httpClient(url, { method: "DELETE" })).json as typeof record;
    }
  }
  return record;
};
