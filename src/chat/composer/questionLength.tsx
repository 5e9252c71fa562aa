import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import postQuestionRequest from "../../schemas/PostQuestionRequest.json";

/** The longest question the server takes, in characters (code points, as its schema counts them). */
export const QUESTION_MAX_CHARACTERS = postQuestionRequest.properties.question.maxLength;

/** The question's length in characters; only one longer than the limit in UTF-16 units can be over it. */
export const charactersOf = (text: string) => (text.length > QUESTION_MAX_CHARACTERS ? [...text].length : text.length);

/**
 * Says under the question input when the question is over the limit (the server would refuse it). Always
 * in the page, empty while the question fits: a status put into the page with its text is not read by
 * every screen reader, its text changing is.
 */
export function QuestionLengthStatus({ characters }: { characters: number }) {
  // Numbers in the language of the words around them (English when no other is bundled), not the browser's.
  const { t, i18n } = useTranslation();
  const over = characters > QUESTION_MAX_CHARACTERS;
  return (
    // A status, not an alert: its count changes with each key typed.
    <Box
      role="status"
      sx={{ maxWidth: 800, mx: "auto", mt: over ? 0.75 : 0, px: 1.5, color: "error.main", fontSize: 13 }}
    >
      {over &&
        t("composer.tooLong", {
          length: characters.toLocaleString(i18n.resolvedLanguage),
          max: QUESTION_MAX_CHARACTERS.toLocaleString(i18n.resolvedLanguage),
        })}
    </Box>
  );
}
