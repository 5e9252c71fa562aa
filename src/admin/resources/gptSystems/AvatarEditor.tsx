import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../../app/api/client";
import { showToast } from "../../../app/toast/toastStore";
import { readImageFile, toImageUpload } from "../../forms/widgets/imageFiles";
import { type AdminGptSystem, useAvatar } from "./gptSystemApi";

/** The avatar as an object URL; keyed by updatedAt, so a change shows at once. */
function useAvatarUrl(agent: AdminGptSystem) {
  const { data } = useQuery({
    queryKey: ["adminGptSystems", agent.gptSystemId, "avatar", agent.updatedAt],
    queryFn: async () =>
      URL.createObjectURL(
        await unwrap(
          api.GET("/admin/gptSystems/{gptSystemId}/avatar", {
            params: { path: { gptSystemId: agent.gptSystemId ?? "" } },
            parseAs: "blob",
          }),
        ),
      ),
  });
  useEffect(() => () => (data ? URL.revokeObjectURL(data) : undefined), [data]);
  return data;
}

/** Upload a PNG, JPEG, WebP or GIF avatar (at most 1 MiB), or go back to the generated identicon. */
export function AvatarEditor({ agent }: { agent: AdminGptSystem }) {
  const { t } = useTranslation();
  const url = useAvatarUrl(agent);
  const { upload, remove } = useAvatar(agent.gptSystemId ?? "");
  const [error, setError] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const read = await readImageFile(file);
    const image = read.dataUrl ? toImageUpload(read.dataUrl) : undefined;
    if (!image) return setError(t(read.error ?? "adminForms.image.wrongType"));
    setError(null);
    try {
      await upload.mutateAsync(image);
      showToast(t("adminAgents.avatarSaved"));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t("adminAgents.saveFailed"));
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t("adminAgents.avatar")}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Avatar
          src={url}
          alt={t("adminAgents.avatarAlt", { name: agent.name })}
          variant="rounded"
          sx={{ width: 64, height: 64 }}
        />
        <Button component="label" variant="outlined" loading={upload.isPending}>
          {t("adminAgents.uploadAvatar")}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(event) => void choose(event)}
          />
        </Button>
        <Button
          color="error"
          disabled={!agent.hasAvatar}
          loading={remove.isPending}
          onClick={() => void remove.mutateAsync().then(() => showToast(t("adminAgents.avatarRemoved")))}
        >
          {t("adminAgents.removeAvatar")}
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
