import { brandImageUrl } from "../brand/brandImageUrl";
import type { Brand, LoginAlignment } from "../brand/brandTypes";

/** Spec §2 Auth: the login background is the brand's splash image when it asks for one, else its colour. */
export interface LoginBackgroundStyle {
  backgroundColor: string;
  backgroundImage: string;
  backgroundSize: "cover";
  backgroundPosition: "center";
}

export function loginBackgroundSx(brand: Brand | undefined, fallbackColour: string): LoginBackgroundStyle {
  const colour = brand?.loginBackground.main || fallbackColour;
  const image =
    brand?.useLoginBackgroundImg && brand.splashScreenBackgroundFileName
      ? `url("${brandImageUrl(brand.brandKey, brand.splashScreenBackgroundFileName)}")`
      : "none";
  return { backgroundColor: colour, backgroundImage: image, backgroundSize: "cover", backgroundPosition: "center" };
}

const justify: Record<LoginAlignment, string> = { Left: "flex-start", Center: "center", Right: "flex-end" };

/** Spec §2 Auth: loginAlignment places the card Left, Center or Right. */
export function loginJustifyContent(alignment: LoginAlignment | undefined): string {
  return justify[alignment ?? "Center"];
}
