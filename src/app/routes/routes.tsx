import { lazy, Suspense } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { ChatLayout } from "../../chat/ChatLayout";
import { AgentsDirectoryPage } from "../../chat/pages/AgentsDirectoryPage";
import { ChatPage } from "../../chat/pages/ChatPage";
import { PersonalAgentsGate } from "../../chat/PersonalAgentsGate";
import { GuestOnly } from "../auth/GuestOnly";
import { RequireAuth } from "../auth/RequireAuth";
import { RouteErrorScreen } from "../layout/RouteErrorScreen";
import { LoginPage } from "../login/LoginPage";
import { AdminRoute } from "./AdminRoute";
import { paths } from "./paths";
import { RootLayout } from "./RootLayout";

const toChat = <Navigate to={paths.chat} replace />;
// The personal-agent editor is a page few users open: it loads on demand, not with the chat.
const EditPersonalAgentPage = lazy(() =>
  import("../../chat/personalAgents/EditPersonalAgentPage").then((module) => ({ default: module.EditPersonalAgentPage })),
);

/**
 * The route table of spec §2. Redirects: the root to the login page; the auth,
 * chat and public-chat wildcards to /chat; the admin wildcard to the admin app
 * (whose unknown pages show the 404 screen); any other path to /chat.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      {
        path: "auth/jwt/login",
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: "auth/*", element: toChat },
      {
        element: <RequireAuth />,
        children: [
          {
            path: "chat",
            element: <ChatLayout />,
            children: [
              { index: true, element: <ChatPage /> },
              { path: "agents", element: <AgentsDirectoryPage /> },
              {
                path: "agents/configstate/:configStateId/edit",
                element: (
                  <PersonalAgentsGate>
                    <Suspense fallback={null}>
                      <EditPersonalAgentPage />
                    </Suspense>
                  </PersonalAgentsGate>
                ),
              },
              { path: ":entryGptSystemId", element: <ChatPage /> },
              { path: "*", element: toChat },
            ],
          },
          { path: "admin/*", element: <AdminRoute /> },
        ],
      },
      {
        path: "public-chat/:publicChatEndpoint/:popup?",
        element: <ChatLayout publicMode />,
        children: [{ index: true, element: <ChatPage /> }],
      },
      { path: "public-chat/*", element: toChat },
      { path: "*", element: toChat },
    ],
  },
];
