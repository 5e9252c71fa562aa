import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { onUserDataReset } from "./app/auth/userDataReset";
import { settledWithin } from "./app/api/openingReads";
import { shareListInvalidations } from "./app/crossTabInvalidation";
import { createQueryClient } from "./app/queryClient";
import { readShellAtOpening } from "./app/shellOpeningReads";
import { readChatPageAtOpening } from "./chat/pages/chatPageOpeningReads";

/**
 * How long the first render waits for what the page reads as it opens. Rendered before it
 * arrives, the page shows the default theme and empty panes, then renders again in full
 * (bench:chat-page: a 300-message conversation opens about 40 ms sooner on a reload, waiting);
 * a slow answer must not keep the page blank much longer.
 */
const FIRST_RENDER_WAIT_MS = 400;

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks the #root element");

const queryClient = createQueryClient();
// The server's data read for one user is never shown to the next (userDataReset.ts).
onUserDataReset(() => queryClient.clear());
// A list changed in another tab of this browser is read again here too.
shareListInvalidations(queryClient);
const openingReads = [...readShellAtOpening(queryClient), ...readChatPageAtOpening(queryClient)];

void settledWithin(openingReads, FIRST_RENDER_WAIT_MS).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
