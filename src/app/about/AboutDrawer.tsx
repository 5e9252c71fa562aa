import CloseRoundedIcon from "@mui/icons-material/CloseRounded";
import OpenInNewRoundedIcon from "@mui/icons-material/OpenInNewRounded";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useBuildInfo } from "../api/queries/useBuildInfo";
import { useInstanceSettings } from "../api/queries/useInstanceSettings";
import { Logo } from "../brand/Logo";
import { useProductName } from "../brand/useProductName";
import { useSettings } from "../settings/useSettings";
import { CLIENT_VERSION, sameVersion } from "../version";
import { BuildInfoList } from "./BuildInfoList";

/** Spec §2 About drawer: the API's build, the release notes and a warning when client and API differ. */
export function AboutDrawer() {
  const { t } = useTranslation();
  const { aboutOpen, onCloseAbout } = useSettings();
  const productName = useProductName();
  const releaseNotesUrl = useInstanceSettings()?.releaseNotesUrl;
  const buildInfo = useBuildInfo(aboutOpen);
  const titleId = useId();
  const mismatch = buildInfo.data && !sameVersion(buildInfo.data.version, CLIENT_VERSION);

  return (
    <Drawer
      anchor="right"
      open={aboutOpen}
      onClose={onCloseAbout}
      slotProps={{ paper: { sx: { width: 320, maxWidth: "100vw" }, role: "dialog", "aria-labelledby": titleId } }}
    >
      <Stack direction="row" sx={{ alignItems: "center", py: 1.5, pl: 2.5, pr: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t("about.title")}
        </Typography>
        <IconButton aria-label={t("about.close")} onClick={onCloseAbout}>
          <CloseRoundedIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={3} sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Logo size={48} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} noWrap>
              {productName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t("about.client")} {CLIENT_VERSION}
            </Typography>
          </Box>
        </Stack>
        {mismatch && (
          <Alert severity="warning">
            {t("about.mismatch", { client: CLIENT_VERSION, api: buildInfo.data?.version })}
          </Alert>
        )}
        {buildInfo.isError && <Alert severity="error">{t("about.loadFailed")}</Alert>}
        {buildInfo.isLoading && <Skeleton variant="rounded" height={180} />}
        {buildInfo.data && <BuildInfoList buildInfo={buildInfo.data} />}
        {releaseNotesUrl && (
          <Link
            href={releaseNotesUrl}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, fontWeight: 600 }}
          >
            {t("about.releaseNotes")}
            <OpenInNewRoundedIcon fontSize="small" aria-hidden />
          </Link>
        )}
      </Stack>
    </Drawer>
  );
}
