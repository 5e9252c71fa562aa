/** Base64 images from admin forms: the real type is read from the bytes (magic numbers), never trusted from the client. */
import { problem } from "../http/problem";

export type ImageMimeType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

export const EXTENSIONS: Record<ImageMimeType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** PNG, JPEG, WebP or GIF by their signatures; anything else (SVG included: it can carry script) is refused. */
export function sniffImage(bytes: Buffer): ImageMimeType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP")
    return "image/webp";
  if (bytes.length >= 6 && ["GIF87a", "GIF89a"].includes(bytes.toString("latin1", 0, 6))) return "image/gif";
  return undefined;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function sizeLabel(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

/** Decodes and checks an upload; a `data:...;base64,` prefix (what FileReader gives) is accepted. */
export function decodeImage(
  upload: { base64: string; mimeType: string },
  maxBytes: number,
): { bytes: Buffer; mimeType: ImageMimeType } {
  const text = upload.base64.replace(/^data:[^,]*;base64,/, "").replace(/\s+/g, "");
  const invalid = (field: string, message: string) =>
    problem(400, "Bad Request", "The image is not valid.", { [field]: [message] });
  if (!BASE64.test(text)) throw invalid("base64", "is not valid base64");
  const bytes = Buffer.from(text, "base64");
  if (bytes.length > maxBytes) throw invalid("base64", `must be at most ${sizeLabel(maxBytes)} once decoded`);
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw invalid("base64", "is not a PNG, JPEG, WebP or GIF image");
  if (sniffed !== upload.mimeType) throw invalid("mimeType", `does not match the image, which is ${sniffed}`);
  return { bytes, mimeType: sniffed };
}
