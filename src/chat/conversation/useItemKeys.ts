import { useMemo } from "react";

/**
 * The keys of `items` by index, as the same function while the keys are the same: the
 * virtualizer measures every row again (an estimate for each row not yet seen, about a
 * millisecond for 300 rows) whenever its `getItemKey` changes, and the list renders again as a
 * stream starts and ends while its rows stay the same.
 */
export function useItemKeys(items: readonly { key: string }[]): (index: number) => string {
  const joined = items.map((item) => item.key).join("\n");
  return useMemo(() => {
    const keys = joined.split("\n");
    return (index: number) => keys[index]!;
  }, [joined]);
}
