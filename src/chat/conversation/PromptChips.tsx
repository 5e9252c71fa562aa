import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import type { components } from "../../generated/api";

type GptSystemPrompt = components["schemas"]["GptSystemPrompt"];

/** The agent's suggested prompts; choosing one asks it. */
export function PromptChips({
  prompts,
  onPick,
  disabled,
}: {
  prompts: GptSystemPrompt[];
  onPick(prompt: string): void;
  disabled?: boolean;
}) {
  if (prompts.length === 0) return null;
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.25, width: "100%" }}>
      {prompts.map((prompt) => (
        <ButtonBase
          key={prompt.promptId}
          disabled={disabled}
          onClick={() => onPick(prompt.prompt)}
          sx={{
            display: "block",
            textAlign: "left",
            // A button's own font (the browser's) otherwise.
            fontFamily: "inherit",
            px: 2,
            py: 1.5,
            borderRadius: 3,
            border: 1,
            borderColor: "divider",
            bgcolor: "background.paper",
            transition: "border-color .15s, background-color .15s",
            "&:hover, &.Mui-focusVisible": { borderColor: "primary.main", bgcolor: "action.hover" },
          }}
        >
          <Box sx={{ fontWeight: 600, fontSize: 14 }}>{prompt.title}</Box>
          <Box
            sx={{
              fontSize: 13,
              color: "text.secondary",
              mt: 0.25,
              display: "-webkit-box",
              WebkitLineClamp: 2,
              WebkitBoxOrient: "vertical",
              overflow: "hidden",
            }}
          >
            {prompt.prompt}
          </Box>
        </ButtonBase>
      ))}
    </Box>
  );
}
