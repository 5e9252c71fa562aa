import SystemUpdateAltRoundedIcon from "@mui/icons-material/SystemUpdateAltRounded";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { CLIENT_VERSION } from "../version";

export interface VersionMismatchScreenProps {
  serverVersion: string;
  onContinue(): void;
}

/** Spec §2 "Version-mismatch screen": one large button, 'Click anywhere to continue'. */
export function VersionMismatchScreen({ serverVersion, onContinue }: VersionMismatchScreenProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="button"
      type="button"
      autoFocus
      onClick={onContinue}
      sx={{
        position: "fixed",
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 10,
        border: 0,
        cursor: "pointer",
        display: "grid",
        placeItems: "center",
        bgcolor: "rgba(13, 17, 23, 0.92)",
        color: "#ffffff",
        font: "inherit",
        p: 3,
      }}
    >
      <Box sx={{ maxWidth: 480, textAlign: "center" }}>
        <SystemUpdateAltRoundedIcon sx={{ fontSize: 56, mb: 2 }} aria-hidden />
        <Typography variant="h5" component="span" sx={{ display: "block", mb: 1 }}>
          {t("version.mismatchTitle")}
        </Typography>
        <Typography component="span" sx={{ display: "block", mb: 3, color: "#d0d7de" }}>
          {t("version.mismatchDetail", { server: serverVersion, client: CLIENT_VERSION })}
        </Typography>
        <Typography component="span" sx={{ display: "block", fontWeight: 600 }}>
          {t("version.clickToContinue")}
        </Typography>
      </Box>
    </Box>
  );
}
