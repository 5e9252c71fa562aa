import type { TFunction } from "i18next";
import type { ConversationGroupKey } from "./conversationGroups";

/** The heading of a date group: a fixed text, a month name in the UI language, or a year. */
export function conversationGroupLabel(key: ConversationGroupKey, t: TFunction, language: string): string {
  switch (key.kind) {
    case "month":
      return new Intl.DateTimeFormat(language, { month: "long" }).format(new Date(2000, key.month, 1));
    case "year":
      return String(key.year);
    default:
      return t(`conversations.groups.${key.kind}`);
  }
}
