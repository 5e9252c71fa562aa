import { onUserDataReset } from "../../app/auth/userDataReset";
import type { VirtualItem } from "@tanstack/react-virtual";

/** Where the reader was in each conversation (restored when it is shown again). */
export interface ScrollPlace {
  offset: number;
  atBottom: boolean;
  measurements: VirtualItem[];
}

const places = new Map<string, ScrollPlace>();

export const scrollMemory = {
  get: (conversationId: string | null): ScrollPlace | undefined =>
    conversationId ? places.get(conversationId) : undefined,
  set(conversationId: string | null, place: ScrollPlace): void {
    if (conversationId) places.set(conversationId, place);
  },
};

onUserDataReset(() => places.clear());
