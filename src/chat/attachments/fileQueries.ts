/** Reads of uploaded files through the typed client: vision image content (base64) and attachment details. */
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import type { components } from "../../generated/api";

type AttachmentStatus = components["schemas"]["AttachmentStatus"];

export const fileQueryKeys = {
  visionImage: (visionImageId: string, variant: "thumbnail" | "full") =>
    ["visionImage", visionImageId, variant] as const,
  attachment: (attachmentId: string) => ["attachment", attachmentId] as const,
};

/** How often a file still being indexed is asked about. */
const INDEXING_POLL_MS = 1000;

type VisionImage = components["schemas"]["VisionImage"];

async function imageDataUrl(visionImageId: string, blobFileName: string): Promise<string> {
  const content = await unwrap(
    api.GET("/userConversations/VisionImages/{visionImageId}/Files/{blobFileName}/base64", {
      params: { path: { visionImageId, blobFileName } },
    }),
  );
  return `data:${content.mimeType};base64,${content.base64Content}`;
}

/** A vision image as a data: URL (the content endpoint is authenticated, so no plain <img src>). */
export function useVisionImageSrc(image: VisionImage, variant: "thumbnail" | "full", enabled = true) {
  const blobFileName = variant === "thumbnail" ? image.thumbnailBlobFileName : image.blobFileName;
  return useQuery({
    queryKey: fileQueryKeys.visionImage(image.visionImageId, variant),
    queryFn: () => imageDataUrl(image.visionImageId, blobFileName),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

const isIndexing = (status: AttachmentStatus | undefined) => status === "Queued" || status === "Processing";

/** GET /attachments/{id}: name, size and indexing status, asked again while the file is being indexed. */
export function useAttachmentDetails(attachmentId: string, follow = false) {
  return useQuery({
    queryKey: fileQueryKeys.attachment(attachmentId),
    queryFn: () => unwrap(api.GET("/attachments/{attachmentId}", { params: { path: { attachmentId } } })),
    staleTime: follow ? 0 : 60_000,
    refetchInterval: (query) => (follow && isIndexing(query.state.data?.status) ? INDEXING_POLL_MS : false),
    retry: false,
  });
}
