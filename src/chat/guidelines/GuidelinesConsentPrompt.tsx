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
import { type PendingGuidelinesDocument, useConsentToGuidelines } from "./useGuidelinesConsent";

export interface GuidelinesConsentPromptProps {
  document: PendingGuidelinesDocument;
}

/** The consent dialog for one guidelines document: its sections and 'Agree', with no other way out. */
export function GuidelinesConsentPrompt({ document }: GuidelinesConsentPromptProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const consent = useConsentToGuidelines();
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
