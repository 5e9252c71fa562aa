// Longest suffixes first, so that GptSystemsReadSpecific is not read as GptSystems + Read + "Specific".
const SUFFIXES = ["ReadSpecific", "WriteSpecific", "Read", "Create", "Write"];

/** The area an action belongs to: "BrandsRead" → "Brands"; an action with no known suffix is its own area. */
export function actionArea(action: string): string {
  const suffix = SUFFIXES.find((candidate) => action.endsWith(candidate) && action.length > candidate.length);
  return suffix ? action.slice(0, -suffix.length) : action;
}

/** Actions grouped by area, areas and actions in their first-seen order. */
export function groupActions(actions: readonly string[]): { area: string; actions: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const action of actions) {
    const area = actionArea(action);
    groups.set(area, [...(groups.get(area) ?? []), action]);
  }
  return [...groups].map(([area, members]) => ({ area, actions: members }));
}
