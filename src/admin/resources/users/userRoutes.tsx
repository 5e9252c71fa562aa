import { Route } from "react-router-dom";
import { UserAccountPage } from "./UserAccountPage";
import { UserCardsPage } from "./UserCardsPage";
import { userRoutePatterns } from "./userPaths";
import { UserProfilePage } from "./UserProfilePage";

/** The user pages beyond the registry's list, new and edit (spec §2: cards, {id}/profile, account). */
export const userRoutes = () => [
  <Route key="user-cards" path={userRoutePatterns.cards} element={<UserCardsPage />} />,
  <Route key="user-account" path={userRoutePatterns.account} element={<UserAccountPage />} />,
  <Route key="user-profile" path={userRoutePatterns.profile} element={<UserProfilePage />} />,
];
