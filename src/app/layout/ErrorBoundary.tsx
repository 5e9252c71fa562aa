import { Component, type ErrorInfo, type ReactNode } from "react";
import { logger } from "../logger";
import { ErrorScreen } from "./ErrorScreen";

interface ErrorBoundaryState {
  failed: boolean;
}

/** Catches render errors anywhere below it and shows the generic error screen (spec §8). */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    logger.error("Unhandled error while rendering", error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
