import CloseRoundedIcon from "@mui/icons-material/CloseRounded";
import ContrastRoundedIcon from "@mui/icons-material/ContrastRounded";
import FullscreenExitRoundedIcon from "@mui/icons-material/FullscreenExitRounded";
import FullscreenRoundedIcon from "@mui/icons-material/FullscreenRounded";
import RestartAltRoundedIcon from "@mui/icons-material/RestartAltRounded";
import WbSunnyOutlinedIcon from "@mui/icons-material/WbSunnyOutlined";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFullscreen } from "./useFullscreen";
import { useSettings } from "./useSettings";

/** Spec §2/§9: the settings drawer is 280 px wide. */
export const SETTINGS_DRAWER_WIDTH = 280;

/** Spec §2 Settings drawer: from the right, Contrast, Stretch, Fullscreen and a Reset badged when settings differ. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { isFullscreen, toggleFullscreen } = useFullscreen();
  const titleId = useId();
  const contrastId = useId();

  return (
    <Drawer
      anchor="right"
      open={settings.drawerOpen}
      onClose={settings.onCloseDrawer}
      slotProps={{ paper: { sx: { width: SETTINGS_DRAWER_WIDTH }, role: "dialog", "aria-labelledby": titleId } }}
    >
      <Stack direction="row" sx={{ alignItems: "center", py: 1.5, pl: 2.5, pr: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t("settings.title")}
        </Typography>
        <Tooltip title={t("settings.reset")}>
          <IconButton aria-label={t("settings.reset")} onClick={settings.onReset}>
            <Badge color="error" variant="dot" invisible={!settings.canReset} data-testid="settings-reset-badge">
              <RestartAltRoundedIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <IconButton aria-label={t("settings.close")} onClick={settings.onCloseDrawer}>
          <CloseRoundedIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={3.5} sx={{ p: 2.5 }}>
        <Box>
          <Typography id={contrastId} variant="subtitle2" component="h3">
            {t("settings.contrast")}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            aria-labelledby={contrastId}
            value={settings.themeContrast}
            onChange={(_event, value: "default" | "bold" | null) => value && settings.onUpdate("themeContrast", value)}
            sx={{ mt: 1 }}
          >
            <ToggleButton value="default" sx={{ flexDirection: "column", gap: 0.5, py: 1.5 }}>
              <WbSunnyOutlinedIcon aria-hidden />
              {t("settings.contrastDefault")}
            </ToggleButton>
            <ToggleButton value="bold" sx={{ flexDirection: "column", gap: 0.5, py: 1.5 }}>
              <ContrastRoundedIcon aria-hidden />
              {t("settings.contrastBold")}
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <Box>
          <FormControlLabel
            sx={{ mx: 0, width: "100%", justifyContent: "space-between" }}
            labelPlacement="start"
            label={
              <Box>
                <Typography variant="subtitle2" component="span" sx={{ display: "block" }}>
                  {t("settings.stretch")}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t("settings.stretchHint")}
                </Typography>
              </Box>
            }
            control={
              <Switch
                checked={settings.themeStretch}
                onChange={(event) => settings.onUpdate("themeStretch", event.target.checked)}
              />
            }
          />
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          size="large"
          aria-pressed={isFullscreen}
          startIcon={isFullscreen ? <FullscreenExitRoundedIcon /> : <FullscreenRoundedIcon />}
          onClick={toggleFullscreen}
          sx={{ borderColor: "divider" }}
        >
          {isFullscreen ? t("settings.exitFullscreen") : t("settings.fullscreen")}
        </Button>
      </Stack>
    </Drawer>
  );
}
