/**
 * The vision images of questions still streaming, whose segment has not been
 * read back yet (a segment carries its images' file names: visionImageFiles).
 * Filled by the composer's uploads and by a regenerated or edited question.
 */
import type { components } from "../../generated/api";

type VisionImage = components["schemas"]["VisionImage"];

const known = new Map<string, VisionImage>();

export function rememberVisionImages(images: readonly VisionImage[]): void {
  for (const image of images) known.set(image.visionImageId, image);
}

/** The images known in this tab among `ids`, in order; an unknown id is left out. */
export function rememberedVisionImages(ids: readonly string[]): VisionImage[] {
  return ids.flatMap((id) => known.get(id) ?? []);
}
