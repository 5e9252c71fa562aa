/**
 * Vision images are decoded and re-encoded with sharp: EXIF/XMP metadata (GPS
 * positions), trailing polyglot payloads and odd chunks do not survive, the
 * size is capped for the models, and a small WebP thumbnail is made.
 */
import sharp from "sharp";
import { unsupported } from "./sniffContent";

/** Models downscale anyway (OpenAI tiles at 2048 px); larger images only cost tokens. */
export const MAX_IMAGE_EDGE = 2048;
export const THUMBNAIL_EDGE = 256;
/** A small PNG can declare a huge canvas: refuse before decoding allocates it (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedImage {
  bytes: Buffer;
  mimeType: string;
  extension: string;
  width: number;
  height: number;
}

export async function reencodeImage(
  bytes: Buffer,
  sniffedMimeType: string,
): Promise<{ image: EncodedImage; thumbnail: EncodedImage }> {
  try {
    const base = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false }).rotate();
    const resized = base
      .clone()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: "inside", withoutEnlargement: true });
    // GIF becomes PNG: the first frame is what a model reads, and every provider takes PNG.
    const out =
      sniffedMimeType === "image/jpeg"
        ? { pipeline: resized.jpeg({ quality: 85, mozjpeg: true }), mimeType: "image/jpeg", extension: "jpg" }
        : sniffedMimeType === "image/webp"
          ? { pipeline: resized.webp({ quality: 85 }), mimeType: "image/webp", extension: "webp" }
          : { pipeline: resized.png({ compressionLevel: 6 }), mimeType: "image/png", extension: "png" };
    const full = await out.pipeline.toBuffer({ resolveWithObject: true });
    const thumb = await base
      .clone()
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return {
      image: {
        bytes: full.data,
        mimeType: out.mimeType,
        extension: out.extension,
        width: full.info.width,
        height: full.info.height,
      },
      thumbnail: {
        bytes: thumb.data,
        mimeType: "image/webp",
        extension: "webp",
        width: thumb.info.width,
        height: thumb.info.height,
      },
    };
  } catch (error) {
    throw unsupported(`The image cannot be read: ${(error as Error).message.split("\n")[0]}`);
  }
}
