import UploadRoundedIcon from "@mui/icons-material/UploadRounded";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { WidgetProps } from "@rjsf/utils";
import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { adminFormContext } from "../formContext";
import { ACCEPTED_IMAGE_TYPES, isPendingImage, readImageFile } from "./imageFiles";

/** Where a stored image is served: `ui:options.srcTemplate` with {key} fields of the record, and {fileName}. */
function storedImageSrc(template: unknown, record: Record<string, unknown> | undefined, fileName: string) {
  if (typeof template !== "string" || !record) return undefined;
  return template.replace(/\{(\w+)\}/g, (_, key: string) =>
    encodeURIComponent(String(key === "fileName" ? fileName : (record[key] ?? ""))),
  );
}

/**
 * An image field (a brand's logo, avatar, …). The field holds the stored
 * file name; choosing a file puts it in the field as a data URL, which the
 * data provider uploads after saving the record (see brandImages.ts).
 * Clearing a stored image leaves an empty string, which deletes it.
 */
export function ImageUploadWidget(props: WidgetProps) {
  const { id, label, value, disabled, rawErrors, onChange, options, registry } = props;
  const { t } = useTranslation();
  const inputId = useId();
  const [readError, setReadError] = useState<string | null>(null);
  const record = adminFormContext(registry).record;
  const pending = isPendingImage(value);
  const stored = typeof value === "string" && value !== "" && !pending ? value : undefined;
  const src = pending ? (value as string) : stored ? storedImageSrc(options.srcTemplate, record, stored) : undefined;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const result = await readImageFile(file);
    setReadError(result.error ? t(result.error) : null);
    if (result.dataUrl) onChange(result.dataUrl);
  };

  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
            display: "grid",
            placeItems: "center",
            overflow: "hidden",
            bgcolor: "action.hover",
          }}
        >
          {src ? (
            <Box
              component="img"
              src={src}
              alt={t("adminForms.image.preview", { label })}
              sx={{ maxWidth: "100%", maxHeight: "100%" }}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t("adminForms.image.none")}
            </Typography>
          )}
        </Box>
        <Stack spacing={1}>
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={<UploadRoundedIcon />}
            disabled={disabled}
          >
            {t("adminForms.image.choose", { label })}
            <input
              id={inputId}
              hidden
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(",")}
              disabled={disabled}
              onChange={(event) => void choose(event)}
            />
          </Button>
          {(pending || stored) && (
            <Button
              color="inherit"
              disabled={disabled}
              onClick={() => onChange(stored ? "" : (record?.[props.name] ?? undefined))}
            >
              {pending ? t("adminForms.image.undo") : t("adminForms.image.remove")}
            </Button>
          )}
          {pending && <FormHelperText>{t("adminForms.image.pending")}</FormHelperText>}
        </Stack>
      </Stack>
      {(readError ?? rawErrors?.[0]) && <FormHelperText error>{readError ?? rawErrors?.[0]}</FormHelperText>}
    </Box>
  );
}
