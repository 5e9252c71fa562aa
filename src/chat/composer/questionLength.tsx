import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import postQuestionRequest from "../../schemas/PostQuestionRequest.json";

/** The longest question the server takes, in characters (code points, as its schema counts them). */
export const QUESTION_MAX_CHARACTERS = postQuestionRequest.properties.question.maxLength;

/** The question's length in characters; only one longer than the limit in UTF-16 units can be over it. */
export const charactersOf = (text: string) => (text.length > QUESTION_MAX_CHARACTERS ? [...text].length : text.length);

/** Said under the question input while the question is over the limit (the server would refuse it). */
export function QuestionTooLong({ characters }: { characters: number }) {
  const { t } = useTranslation();
  return (
    // A status, not an alert: its count changes with each key typed.
    <Box role="status" sx={{ maxWidth: 800, mx: "auto", mt: 0.75, px: 1.5, color: "error.main", fontSize: 13 }}>
      {t("composer.tooLong", {
        length: characters.toLocaleString(),
        max: QUESTION_MAX_CHARACTERS.toLocaleString(),
      })}
    </Box>
  );
}
