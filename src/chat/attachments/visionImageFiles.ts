/**
 * The file names of a vision image, for GET .../VisionImages/{id}/Files/{name}/base64.
 * An upload answers both names; a segment read back from the server carries only
 * the image ids (ConversationSegment.visionImages), so for those the names are
 * derived from how the server names them (visionImages.ts: `{id}-thumbnail.webp`
 * for the thumbnail, `{id}.{png|jpg|webp}` for the re-encoded image).
 */
import type { components } from "../../generated/api";

type VisionImage = components["schemas"]["VisionImage"];

/** Images uploaded in this tab, by id: their real names. */
const known = new Map<string, Pick<VisionImage, "blobFileName" | "thumbnailBlobFileName">>();

export function rememberVisionImage(image: VisionImage): void {
  known.set(image.visionImageId, {
    blobFileName: image.blobFileName,
    thumbnailBlobFileName: image.thumbnailBlobFileName,
  });
}

export function thumbnailFileName(visionImageId: string): string {
  return known.get(visionImageId)?.thumbnailBlobFileName ?? `${visionImageId}-thumbnail.webp`;
}

/** The full image's name when known, else the names the server may have given it, most likely first. */
export function fullImageFileNames(visionImageId: string): string[] {
  const name = known.get(visionImageId)?.blobFileName;
  return name ? [name] : ["png", "jpg", "webp"].map((extension) => `${visionImageId}.${extension}`);
}
