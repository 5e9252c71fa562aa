import DeleteOutlineRoundedIcon from "@mui/icons-material/DeleteOutlineRounded";
import UploadRoundedIcon from "@mui/icons-material/UploadRounded";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../app/toast/useToast";
import { AgentAvatar } from "../agents/AgentAvatar";
import { problemMessage } from "./problemMessage";
import type { PersonalConfigState } from "./usePersonalAgentApi";
import { useRemoveAgentAvatar, useUploadAgentAvatar } from "./useUploadAgentAvatar";
import "../../app/i18n/personalAgentStrings";

/** What the server accepts; it sniffs the bytes anyway and refuses anything else (SVG included). */
const ACCEPTED = "image/png,image/jpeg,image/webp,image/gif";

/**
 * The agent's avatar (the identicon until one is uploaded), 'Upload avatar' and, once one is, 'Remove avatar'
 * (back to the identicon) on 'Edit Personal Agent'.
 */
export function AgentAvatarUpload({ state }: { state: PersonalConfigState }) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAgentAvatar(state);
  const remove = useRemoveAgentAvatar(state);

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
      <AgentAvatar
        gptSystemId={state.gptSystemId}
        name={state.gptSystemName}
        state="normal"
        size={64}
        sx={{ borderRadius: 2 }}
      />
      <Box>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadRoundedIcon />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {t("personalAgents.uploadAvatar")}
          </Button>
          {state.hasCustomAvatar && (
            <Button
              size="small"
              color="inherit"
              startIcon={<DeleteOutlineRoundedIcon />}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast(t("personalAgents.avatarRemoved"), "success"),
                  onError: (error) => toast(problemMessage(error, t("personalAgents.avatarRemoveFailed")), "error"),
                })
              }
            >
              {t("personalAgents.removeAvatar")}
            </Button>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t("personalAgents.avatarHelp")}
        </Typography>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED}
          hidden
          aria-label={t("personalAgents.avatar")}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file may be chosen again after a failure.
            event.target.value = "";
            if (!file) return;
            upload.mutate(file, {
              onSuccess: () => toast(t("personalAgents.avatarUploaded"), "success"),
              onError: (error) => toast(problemMessage(error, t("personalAgents.avatarFailed")), "error"),
            });
          }}
        />
      </Box>
    </Box>
  );
}
