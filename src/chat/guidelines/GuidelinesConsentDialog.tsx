import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { MarkdownContent } from "../markdown/MarkdownContent";
import { MarkdownStyles } from "../markdown/MarkdownStyles";
import { useConsentToGuidelines, usePendingGuidelines } from "./useGuidelinesConsent";

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
  const { t } = useTranslation();
  const titleId = useId();
  const pending = usePendingGuidelines(enabled);
  const consent = useConsentToGuidelines();
  const document = enabled ? pending.data?.[0] : undefined;
  if (!document) return null;
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{document.name}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("guidelines.consentIntro")}
        </Typography>
        <MarkdownStyles />
        {document.sections.map((section, index) => (
          <section key={index}>
            <Typography variant="h6" component="h3" sx={{ mt: index ? 2 : 0 }}>
              {section.title}
            </Typography>
            <MarkdownContent text={section.body} />
          </section>
        ))}
        {consent.isError && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {t("guidelines.consentFailed")}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          disabled={consent.isPending}
          onClick={() => consent.mutate(document.guidelinesDocumentId)}
        >
          {t("guidelines.agree")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
