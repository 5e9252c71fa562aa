import { Component, type ErrorInfo, type ReactNode } from "react";
import { logger } from "../logger";
import { ErrorScreen } from "./ErrorScreen";

interface ErrorBoundaryState {
  failed: boolean;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What shows instead of what failed; the generic error screen (spec §8) by default. */
  fallback?: ReactNode;
}

/** Catches render errors anywhere below it and shows the fallback, by default the generic error screen. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    logger.error("Unhandled error while rendering", error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? <ErrorScreen />) : this.props.children;
  }
}
