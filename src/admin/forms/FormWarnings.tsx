import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import { useTranslation } from "react-i18next";
import type { FormWarning } from "./formSchema";

/** Spec §8: server warnings, each with the property it concerns and its message. */
export function FormWarnings({ warnings }: { warnings: FormWarning[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning">
      <AlertTitle>{t("adminForms.warnings")}</AlertTitle>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {warnings.map((warning, index) => (
          <li key={`${warning.property}-${index}`}>
            {warning.property ? <strong>{warning.property}: </strong> : null}
            {warning.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
