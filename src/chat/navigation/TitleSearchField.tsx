import SearchRoundedIcon from "@mui/icons-material/SearchRounded";
import InputAdornment from "@mui/material/InputAdornment";
import OutlinedInput from "@mui/material/OutlinedInput";
import { alpha } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { isComposingKey } from "../../app/input/isComposingKey";

/** The API's limit for `search` (GET /userConversations): longer text is refused, so it cannot be typed. */
const SEARCH_MAX_LENGTH = 200;

export interface TitleSearchFieldProps {
  value: string;
  onChange(value: string): void;
}

/**
 * Spec §2: the conversation title search box (matching rules in spec §5 apply to the list it filters).
 * An outlined input rather than a TextField: it has no floating label, and TextField would bring
 * the select and the other input variants into the chat page's first load.
 */
export function TitleSearchField({ value, onChange }: TitleSearchFieldProps) {
  const { t } = useTranslation();
  return (
    <OutlinedInput
      data-tour="search-titles"
      type="search"
      size="small"
      fullWidth
      placeholder={t("nav.searchTitles")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        // Escape clears a search box first (as the browser's own does); only an empty one lets it close the drawer.
        if (event.key !== "Escape" || value === "" || isComposingKey(event)) return;
        event.preventDefault();
        event.stopPropagation();
        onChange("");
      }}
      slotProps={{ input: { "aria-label": t("nav.searchTitles"), maxLength: SEARCH_MAX_LENGTH } }}
      startAdornment={
        <InputAdornment position="start" sx={{ color: "menu.textSecondary" }}>
          <SearchRoundedIcon fontSize="small" />
        </InputAdornment>
      }
      sx={(theme) => ({
        color: theme.palette.menu.textPrimary,
        bgcolor: alpha(theme.palette.menu.textPrimary, 0.06),
        borderRadius: 2,
        "& .MuiOutlinedInput-notchedOutline": { borderColor: alpha(theme.palette.menu.textPrimary, 0.16) },
        "&:hover .MuiOutlinedInput-notchedOutline": { borderColor: alpha(theme.palette.menu.textPrimary, 0.32) },
        "&.Mui-focused .MuiOutlinedInput-notchedOutline": { borderColor: theme.palette.primary.main },
        "& input::placeholder": { color: theme.palette.menu.textSecondary, opacity: 1 },
      })}
    />
  );
}
