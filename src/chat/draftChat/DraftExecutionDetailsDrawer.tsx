import Drawer from "@mui/material/Drawer";
import { useEffect, useMemo, useRef } from "react";
import { authStore } from "../../app/auth/authStore";
import { useStore } from "../../app/store/useStore";
import { ExecutionDetailsPanel } from "../executionDetails/ExecutionDetailsPanel";
import { ExecutionDetailsSourceContext } from "../executionDetails/executionDetailsSource";
import { executionDetailsActions, executionDetailsStore } from "../executionDetails/executionDetailsStore";
import type { DraftChatTarget } from "./draftChatApi";
import { draftExecutionDetailsSource } from "./draftExecutionDetailsSource";

export interface DraftExecutionDetailsDrawerProps {
  target: DraftChatTarget;
  conversationId: string | null;
  /** The test conversation's answers: the drawer opens on one of them only. */
  segmentIds: readonly string[];
}

/**
 * The execution details (figures and trace log) of a test chat's answer, read with the configuration
 * state's operations. Open under the chat's condition, showChatExecutionDetailsDrawer, once "Details"
 * picked one of this test chat's answers; a drawer over the form the test chat sits beside.
 */
export function DraftExecutionDetailsDrawer({ target, conversationId, segmentIds }: DraftExecutionDetailsDrawerProps) {
  const enabled = useStore(authStore, (state) => state.displaySettings.showChatExecutionDetailsDrawer);
  const picked = useStore(executionDetailsStore, (state) => state.segmentId);
  const ours = picked !== null && segmentIds.includes(picked);
  const source = useMemo(() => draftExecutionDetailsSource(target), [target]);

  // Left open, the chat's own drawer would look this answer up among the user's conversations.
  const showing = useRef(false);
  useEffect(() => {
    showing.current = enabled && ours;
  }, [enabled, ours]);
  useEffect(
    () => () => {
      if (showing.current) executionDetailsActions.close();
    },
    [],
  );

  return (
    <Drawer anchor="right" open={enabled && ours} onClose={executionDetailsActions.close}>
      <ExecutionDetailsSourceContext.Provider value={source}>
        <ExecutionDetailsPanel conversationId={conversationId} segmentId={ours ? picked : null} />
      </ExecutionDetailsSourceContext.Provider>
    </Drawer>
  );
}
