import AddRoundedIcon from "@mui/icons-material/AddRounded";
import ArchiveOutlinedIcon from "@mui/icons-material/ArchiveOutlined";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyListHint } from "./EmptyListHint";
import { SubTabs } from "./SubTabs";
import { TitleSearchField } from "./TitleSearchField";
import { useNewChat } from "./useNewChat";

type ChatList = "history" | "archived";

/** Spec §2 Chats tab: 'New Chat', the title search and the History / Archived lists. */
export function ChatsTab({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  const newChat = useNewChat(homePath);
  const [list, setList] = useState<ChatList>("history");
  const [search, setSearch] = useState("");

  return (
    <Stack spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
      <Button variant="contained" size="large" startIcon={<AddRoundedIcon />} onClick={newChat} fullWidth>
        {t("nav.newChat")}
      </Button>
      <TitleSearchField value={search} onChange={setSearch} />
      <SubTabs<ChatList>
        label={t("nav.chatLists")}
        value={list}
        onChange={setList}
        tabs={[
          {
            key: "history",
            label: t("nav.history"),
            content: <EmptyListHint icon={<ForumOutlinedIcon />}>{t("nav.emptyHistory")}</EmptyListHint>,
          },
          {
            key: "archived",
            label: t("nav.archived"),
            content: <EmptyListHint icon={<ArchiveOutlinedIcon />}>{t("nav.emptyArchived")}</EmptyListHint>,
          },
        ]}
      />
    </Stack>
  );
}
