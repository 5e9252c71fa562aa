import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { createQueryClient } from "./app/queryClient";
import { openConversationFromAddress } from "./chat/pages/openConversationFromAddress";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks the #root element");

const queryClient = createQueryClient();
openConversationFromAddress(queryClient);

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
