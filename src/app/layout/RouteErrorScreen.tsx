import { useEffect } from "react";
import { useRouteError } from "react-router-dom";
import { logger } from "../logger";
import { ErrorScreen } from "./ErrorScreen";

/** The router's error element: logs what failed and shows the generic error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    logger.error("Route failed", error);
  }, [error]);
  return <ErrorScreen />;
}
