import type { components } from "../../generated/api";

type Schemas = components["schemas"];

export type ConversationSummary = Schemas["ConversationSummary"];
export type ConversationPage = Schemas["ConversationPage"];
export type GptSystemSummary = Schemas["GptSystemSummary"];
