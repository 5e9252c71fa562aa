/** The image types the server accepts for brand images and avatars (never SVG). */
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** The server's limit for one brand image (openapi: uploadAdminBrandImage, 2 MiB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const DATA_URL = /^data:(image\/[a-z]+);base64,(.+)$/;

/** An image chosen in the form but not uploaded yet is held as a data URL. */
export function isPendingImage(value: unknown): value is string {
  return typeof value === "string" && DATA_URL.test(value);
}

/** A pending image as the upload body `{ base64, mimeType }`. */
export function toImageUpload(dataUrl: string): { base64: string; mimeType: AcceptedImageType } | undefined {
  const match = DATA_URL.exec(dataUrl);
  if (!match || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(match[1]!)) return undefined;
  return { mimeType: match[1] as AcceptedImageType, base64: match[2]! };
}

export type ImageReadResult = { dataUrl?: string; error?: "adminForms.image.wrongType" | "adminForms.image.tooLarge" };

/** Reads a chosen file as a data URL, refusing what the server would refuse anyway. */
export function readImageFile(file: File): Promise<ImageReadResult> {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return Promise.resolve({ error: "adminForms.image.wrongType" });
  if (file.size > MAX_IMAGE_BYTES) return Promise.resolve({ error: "adminForms.image.tooLarge" });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ dataUrl: String(reader.result) });
    reader.onerror = () => resolve({ error: "adminForms.image.wrongType" });
    reader.readAsDataURL(file);
  });
}
