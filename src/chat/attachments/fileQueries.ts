/** Reads of uploaded files through the typed client: vision image content (base64) and attachment details. */
import { useQuery } from "@tanstack/react-query";
import { createContext, useContext } from "react";
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

/** Where vision images are read from: the signed-in chat's operation unless a provider says otherwise. */
export interface VisionImageSource {
  /** Keeps this source's images apart in the query cache; empty for the signed-in chat. */
  scope: string;
  load(visionImageId: string, blobFileName: string): Promise<components["schemas"]["Base64Content"]>;
}

const userVisionImages: VisionImageSource = {
  scope: "",
  load: (visionImageId, blobFileName) =>
    unwrap(
      api.GET("/userConversations/VisionImages/{visionImageId}/Files/{blobFileName}/base64", {
        params: { path: { visionImageId, blobFileName } },
      }),
    ),
};

/** Wraps views whose images come from elsewhere (the public chat reads them with the visitor's session). */
export const VisionImageSourceContext = createContext<VisionImageSource>(userVisionImages);

/** A vision image as a data: URL (the content endpoint is authenticated, so no plain <img src>). */
export function useVisionImageSrc(image: VisionImage, variant: "thumbnail" | "full", enabled = true) {
  const source = useContext(VisionImageSourceContext);
  const blobFileName = variant === "thumbnail" ? image.thumbnailBlobFileName : image.blobFileName;
  const key = fileQueryKeys.visionImage(image.visionImageId, variant);
  return useQuery({
    queryKey: source.scope ? [...key, source.scope] : key,
    queryFn: async () => {
      const content = await source.load(image.visionImageId, blobFileName);
      return `data:${content.mimeType};base64,${content.base64Content}`;
    },
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
