import VisibilityOffRoundedIcon from "@mui/icons-material/VisibilityOffRounded";
import VisibilityRoundedIcon from "@mui/icons-material/VisibilityRounded";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { WidgetProps } from "@rjsf/utils";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { adminFormContext } from "../formContext";

/**
 * A write-only secret (an API key). The stored value never reaches the
 * browser: the field starts empty, its placeholder is the masked value the
 * server answers (`ui:options.maskedField`), and an empty field keeps the
 * stored secret. "Remove" sends an empty string, which removes it.
 */
export function SecretWidget(props: WidgetProps) {
  const { id, label, value, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus, options, registry } =
    props;
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const maskedField = typeof options.maskedField === "string" ? options.maskedField : undefined;
  const masked = maskedField ? adminFormContext(registry).record?.[maskedField] : undefined;
  const stored = typeof masked === "string" && masked !== "" ? masked : undefined;
  const removing = value === "" && stored !== undefined;
  // Only a secret with a masked counterpart (an API key) says what is stored; a password says nothing.
  const helper = !maskedField
    ? undefined
    : removing
      ? t("adminForms.secret.willRemove")
      : stored
        ? t("adminForms.secret.keepStored", { masked: stored })
        : t("adminForms.secret.none");

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
      <TextField
        id={id}
        label={label}
        fullWidth
        required={required}
        disabled={disabled || readonly}
        type={shown ? "text" : "password"}
        autoComplete="new-password"
        value={typeof value === "string" ? value : ""}
        placeholder={stored}
        error={Boolean(rawErrors?.length)}
        helperText={helper}
        onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={shown ? t("adminForms.secret.hide") : t("adminForms.secret.show")}
                  onClick={() => setShown((current) => !current)}
                  edge="end"
                >
                  {shown ? <VisibilityOffRoundedIcon /> : <VisibilityRoundedIcon />}
                </IconButton>
              </InputAdornment>
            ),
          },
          inputLabel: { shrink: true },
        }}
      />
      {stored && !removing && (
        <Button sx={{ mt: 1, flexShrink: 0 }} disabled={disabled || readonly} onClick={() => onChange("")}>
          {t("adminForms.secret.remove")}
        </Button>
      )}
    </Stack>
  );
}
