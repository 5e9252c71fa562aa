import CloseRoundedIcon from "@mui/icons-material/CloseRounded";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TooltipRenderProps } from "react-joyride";

/** The engine's button props, without `title` (the accessible name is the visible label, or aria-label). */
function buttonProps<P extends { title: string }>({ title: _title, ...props }: P): Omit<P, "title"> {
  return props;
}

/**
 * The tour's tooltip: a dialog named by its title and step counter and described by
 * the step's text. The engine moves the focus to the primary button on each step and
 * keeps Tab inside the tooltip. Unlike the engine's own tooltip, the last step keeps the
 * Skip button ('Restart', spec §4: shown whenever the step index is not 0) beside 'Done';
 * the close button is on every step.
 */
export function TourTooltip({
  backProps,
  closeProps,
  primaryProps,
  skipProps,
  tooltipProps,
  index,
  size,
  step,
}: TooltipRenderProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const counterId = `${id}-counter`;
  const contentId = `${id}-content`;
  const { buttons, content } = step;
  const showSkip = buttons.includes("skip") && index > 0;
  const showBack = buttons.includes("back") && index > 0;
  const counter = t("tour.progress", { current: index + 1, total: size });

  return (
    <Paper
      {...tooltipProps}
      role="dialog"
      aria-labelledby={`${titleId} ${counterId}`}
      aria-describedby={contentId}
      className="react-joyride__tooltip"
      data-joyride-step={index}
      elevation={8}
      // Spec §9: 380 px, the window width minus 30 on narrow screens (15 px clear of each edge).
      sx={{
        width: step.styles.tooltip.width,
        maxWidth: "calc(100vw - 30px)",
        borderRadius: 3,
        p: 2,
        boxSizing: "border-box",
        // A visible focus ring: the tooltip is operated with the keyboard too.
        "& .Mui-focusVisible": { outline: (theme) => `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {t("tour.title")}
          </Typography>
          <Typography id={counterId} variant="caption" component="p" color="text.secondary">
            {counter}
          </Typography>
        </Box>
        {buttons.includes("close") && (
          <IconButton {...buttonProps(closeProps)} size="small" sx={{ mt: -0.5, mr: -0.5 }}>
            <CloseRoundedIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Typography id={contentId} variant="body2" component="div" sx={{ mt: 1.5, mb: 2, lineHeight: 1.5 }}>
        {content}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        {showSkip && (
          <Button {...buttonProps(skipProps)} size="small" color="inherit" sx={{ color: "text.secondary" }}>
            {skipProps["aria-label"]}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {showBack && (
          <Button {...buttonProps(backProps)} size="small">
            {backProps["aria-label"]}
          </Button>
        )}
        {buttons.includes("primary") && (
          <Button {...buttonProps(primaryProps)} size="small" variant="contained" disableElevation>
            {primaryProps["aria-label"]}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
