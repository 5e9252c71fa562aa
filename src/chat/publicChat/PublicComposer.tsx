import ArrowUpwardRoundedIcon from "@mui/icons-material/ArrowUpwardRounded";
import StopRoundedIcon from "@mui/icons-material/StopRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import InputBase from "@mui/material/InputBase";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";

export interface PublicComposerProps {
  agentName: string;
  streaming: boolean;
  onSend(question: string): void;
  onStop(): void;
}

/** The public chat's question input: Enter sends, Shift+Enter adds a line; Send turns into Stop while an answer streams. No uploads for visitors. */
export function PublicComposer({ agentName, streaming, onSend, onStop }: PublicComposerProps) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState("");
  const canSend = !streaming && question.trim() !== "";

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(question.trim());
    setQuestion("");
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <Box sx={{ px: { xs: 1.5, sm: 3 }, pb: { xs: 1.5, sm: 2.5 }, pt: 1 }}>
      <Box
        component="form"
        onSubmit={submit}
        sx={{
          maxWidth: 800,
          mx: "auto",
          display: "flex",
          alignItems: "flex-end",
          gap: 0.5,
          p: 1,
          pl: 2,
          borderRadius: 4,
          border: 1,
          borderColor: "divider",
          bgcolor: "background.paper",
          "&:focus-within": { borderColor: "primary.main" },
        }}
      >
        <InputBase
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("publicChat.placeholder", { name: agentName })}
          inputProps={{ "aria-label": t("publicChat.question") }}
          multiline
          maxRows={8}
          sx={{ flex: 1, py: 1 }}
        />
        {streaming ? (
          <IconButton
            aria-label={t("publicChat.stop")}
            onClick={onStop}
            sx={{ bgcolor: "text.primary", color: "background.paper", "&:hover": { bgcolor: "text.secondary" } }}
          >
            <StopRoundedIcon />
          </IconButton>
        ) : (
          <IconButton
            type="submit"
            aria-label={t("publicChat.send")}
            disabled={!canSend}
            sx={{
              bgcolor: "primary.main",
              color: "primary.contrastText",
              "&:hover": { bgcolor: "primary.dark" },
              "&.Mui-disabled": { bgcolor: "action.disabledBackground", color: "action.disabled" },
            }}
          >
            <ArrowUpwardRoundedIcon />
          </IconButton>
        )}
      </Box>
    </Box>
  );
}
