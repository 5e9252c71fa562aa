import { type ReactNode, Suspense, useState } from "react";

export interface MountOnceOpenedProps {
  /** Whether the dialog, drawer or popover inside is open. */
  open: boolean;
  children: ReactNode;
}

/**
 * Renders a lazily loaded dialog, drawer or popover only once it has been opened:
 * until then its chunk is not requested (the chat page's first paint does not
 * wait for it). It stays mounted afterwards, so that closing keeps its
 * transition and reopening is immediate. While the chunk loads nothing shows
 * (a few milliseconds, then the surface opens with its own transition).
 */
export function MountOnceOpened({ open, children }: MountOnceOpenedProps) {
  const [opened, setOpened] = useState(open);
  // Latch during render (React's "storing information from previous renders"): no extra commit.
  if (open && !opened) setOpened(true);
  if (!open && !opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
