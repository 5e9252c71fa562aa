/**
 * Images in the public chat: offered when the agent's model sees them (supportsVision, as in the
 * signed-in composer), uploaded and read back with the visitor's session. The composer's shared file
 * store, thumbnails and rules do the rest; only where the bytes go and come from differs.
 */
import { useEffect, useMemo } from "react";
import { composerFilesActions } from "../attachments/composerFilesStore";
import type { VisionImageSource } from "../attachments/fileQueries";
import { type UploadPolicy, uploadPolicyOf } from "../attachments/uploadRules";
import { useUploadLimits } from "../attachments/useUploadLimits";
import { fetchPublicVisionImage, uploadPublicVisionImage } from "./publicChatApi";
import type { PublicSession } from "./publicSession";

/** What a visitor may attach: images only, and only for an agent that sees them; null otherwise (no attach button). */
export function usePublicUploadPolicy({ sessionIdentifier, details }: PublicSession): UploadPolicy | null {
  const limits = useUploadLimits();
  return useMemo(() => {
    if (!limits || !details.supportsVision) return null;
    return {
      ...uploadPolicyOf(details, limits),
      acceptsDocuments: false,
      uploadImage: (file, options) => uploadPublicVisionImage(sessionIdentifier, file, options),
    };
  }, [limits, details, sessionIdentifier]);
}

/** The session's images, for the shared thumbnails (QuestionImage, ComposerImageThumb) under VisionImageSourceContext. */
export function usePublicVisionImageSource(sessionIdentifier: string): VisionImageSource {
  return useMemo(
    () => ({
      scope: `public:${sessionIdentifier}`,
      load: (visionImageId, blobFileName) => fetchPublicVisionImage(sessionIdentifier, visionImageId, blobFileName),
    }),
    [sessionIdentifier],
  );
}

/** The composer's files belong to one page: none come in from the signed-in chat, none are left behind. */
export function useOwnComposerFiles(sessionIdentifier: string): void {
  useEffect(() => {
    composerFilesActions.clear();
    return () => composerFilesActions.clear();
  }, [sessionIdentifier]);
}
