import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useNavContext } from "../../app/layout/useNavContext";

/**
 * 'New Chat': back to the empty chat page of the current area, closing the
 * mobile drawer. (Aborting a running stream joins this when conversations arrive.)
 */
export function useNewChat(homePath: string): () => void {
  const navigate = useNavigate();
  const { closeMobile } = useNavContext();
  return useCallback(() => {
    closeMobile();
    void navigate(homePath);
  }, [closeMobile, homePath, navigate]);
}
