import { BranchSwitcher } from "./BranchSwitcher";
import { useSelectBranch } from "./useSelectBranch";

export interface BranchNavigatorProps {
  conversationId: string;
  segmentId: string;
  siblingIds: string[];
  disabled?: boolean;
}

/** The signed-in chat's branch navigation: the switcher, storing the choice with updateSelectedLeafSegmentId. */
export function BranchNavigator({ conversationId, segmentId, siblingIds, disabled }: BranchNavigatorProps) {
  const select = useSelectBranch(conversationId);
  return (
    <BranchSwitcher
      segmentId={segmentId}
      siblingIds={siblingIds}
      disabled={disabled || select.isPending}
      onSelect={(id) => select.mutate(id)}
    />
  );
}
