import { Suspense } from "react";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import { usePendingGuidelines } from "./useGuidelinesConsent";

// Most page loads have nothing pending: the dialog (and the markdown it shows) loads only when needed.
const GuidelinesConsentPrompt = lazyNamed(() => import("./GuidelinesConsentPrompt"), "GuidelinesConsentPrompt");

export interface GuidelinesConsentDialogProps {
  /** Only signed-in users (not public-chat visitors) are asked. */
  enabled: boolean;
}

/**
 * Shows each active guidelines document that requires consent and that the user
 * has not agreed to yet, one at a time, until they agree: the server refuses
 * questions meanwhile. It cannot be dismissed any other way.
 */
export function GuidelinesConsentDialog({ enabled }: GuidelinesConsentDialogProps) {
  const pending = usePendingGuidelines(enabled);
  const document = enabled ? pending.data?.[0] : undefined;
  if (!document) return null;
  return (
    <Suspense fallback={null}>
      <GuidelinesConsentPrompt document={document} />
    </Suspense>
  );
}
