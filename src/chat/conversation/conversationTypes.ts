import type { components } from "../../generated/api";

type Schemas = components["schemas"];

export type Conversation = Schemas["Conversation"];
export type ConversationSegment = Schemas["ConversationSegment"];
export type SegmentStatus = Schemas["SegmentStatus"];
export type GptSystemReference = Schemas["GptSystemReference"];

/** Pending before the first token, Streaming while it grows (the contract's SegmentStatus). */
export const isSegmentInProgress = (status: SegmentStatus): boolean => status === "Pending" || status === "Streaming";
