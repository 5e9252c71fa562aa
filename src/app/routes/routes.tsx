import { Suspense } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { ChatLayout } from "../../chat/ChatLayout";
import { ChatPage } from "../../chat/pages/ChatPage";
import { PersonalAgentsGate } from "../../chat/PersonalAgentsGate";
import { GuestOnly } from "../auth/GuestOnly";
import { RequireAuth } from "../auth/RequireAuth";
import { lazyNamed } from "../lazy/lazyNamed";
import { RouteErrorScreen } from "../layout/RouteErrorScreen";
import { AdminRoute } from "./AdminRoute";
import { paths } from "./paths";
import { RootLayout } from "./RootLayout";

const toChat = <Navigate to={paths.chat} replace />;
// Pages other than the chat load on demand, not with the chat page: the personal-agent editor
// and the agent directory are pages few visits open; a signed-in user never sees the login page.
const EditPersonalAgentPage = lazyNamed(
  () => import("../../chat/personalAgents/EditPersonalAgentPage"),
  "EditPersonalAgentPage",
);
const AgentsDirectoryPage = lazyNamed(() => import("../../chat/pages/AgentsDirectoryPage"), "AgentsDirectoryPage");
const LoginPage = lazyNamed(() => import("../login/LoginPage"), "LoginPage");
// Visitors of the public chat load its page on demand; signed-in users never download it.
const PublicChatPage = lazyNamed(() => import("../../chat/publicChat/PublicChatPage"), "PublicChatPage");

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
            <Suspense fallback={null}>
              <LoginPage />
            </Suspense>
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
              {
                path: "agents",
                element: (
                  <Suspense fallback={null}>
                    <AgentsDirectoryPage />
                  </Suspense>
                ),
              },
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
        children: [
          {
            index: true,
            element: (
              <Suspense fallback={null}>
                <PublicChatPage />
              </Suspense>
            ),
          },
        ],
      },
      { path: "public-chat/*", element: toChat },
      { path: "*", element: toChat },
    ],
  },
];
