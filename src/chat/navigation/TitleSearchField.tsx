import SearchRoundedIcon from "@mui/icons-material/SearchRounded";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { alpha } from "@mui/material/styles";
import { useTranslation } from "react-i18next";

export interface TitleSearchFieldProps {
  value: string;
  onChange(value: string): void;
}

/** Spec §2: the conversation title search box (matching rules in spec §5 apply to the list it filters). */
export function TitleSearchField({ value, onChange }: TitleSearchFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      placeholder={t("nav.searchTitles")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { "aria-label": t("nav.searchTitles") },
        input: {
          startAdornment: (
            <InputAdornment position="start" sx={{ color: "menu.textSecondary" }}>
              <SearchRoundedIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={(theme) => ({
        "& .MuiOutlinedInput-root": {
          color: theme.palette.menu.textPrimary,
          bgcolor: alpha(theme.palette.menu.textPrimary, 0.06),
          borderRadius: 2,
          "& fieldset": { borderColor: alpha(theme.palette.menu.textPrimary, 0.16) },
          "&:hover fieldset": { borderColor: alpha(theme.palette.menu.textPrimary, 0.32) },
          "&.Mui-focused fieldset": { borderColor: theme.palette.primary.main },
        },
        "& input::placeholder": { color: theme.palette.menu.textSecondary, opacity: 1 },
      })}
    />
  );
}
