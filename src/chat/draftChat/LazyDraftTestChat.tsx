import Skeleton from "@mui/material/Skeleton";
import { lazy, Suspense } from "react";
import type { DraftTestChatProps } from "./DraftTestChat";

// Its own chunk: neither the chat page nor the admin's first page pays for the test chat.
const DraftTestChat = lazy(() => import("./DraftTestChat"));

/** The test chat against a configuration state, loaded when first shown. */
export function LazyDraftTestChat(props: DraftTestChatProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 560} />}>
      <DraftTestChat {...props} />
    </Suspense>
  );
}
