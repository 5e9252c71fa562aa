/** Warnings on saved budget caps that this month's usage has already reached. */
import type { Db } from "../../db/client";
import {
  formatTokens,
  largestUsageSince,
  monthBounds,
  monthName,
  tokensSince,
  type BudgetCaps,
} from "../adminInstanceSettings/budget";
import type { Warning } from "./warning";

type Queryable = Pick<Db, "select">;

/** Who has spent what under each cap, and what reaching it refuses. */
const CAPS: readonly {
  property: keyof BudgetCaps;
  who: string;
  refused: string;
  largestUsage: (db: Queryable, since: Date) => Promise<number>;
}[] = [
  {
    property: "monthlyTokenCapInstance",
    who: "The whole instance has",
    refused: "every question is refused",
    largestUsage: (db, since) => tokensSince(db, since),
  },
  {
    property: "monthlyTokenCapPerUser",
    who: "A user has",
    refused: "their questions are refused",
    largestUsage: (db, since) => largestUsageSince(db, since, "userId"),
  },
  {
    property: "monthlyTokenCapPerAgent",
    who: "An agent has",
    refused: "its questions are refused",
    largestUsage: (db, since) => largestUsageSince(db, since, "gptSystemId"),
  },
];

/** Questions are refused once usage reaches a cap (assertWithinBudget): a cap at or below it takes effect at once. */
export async function budgetWarnings(db: Queryable, caps: BudgetCaps, now = new Date()): Promise<Warning[]> {
  const { start, next } = monthBounds(now);
  const warnings: Warning[] = [];
  for (const { property, who, refused, largestUsage } of CAPS) {
    const cap = caps[property];
    if (cap === null) continue;
    const used = await largestUsage(db, start);
    if (used >= cap)
      warnings.push({
        property,
        message: `${who} already used ${formatTokens(used)} tokens this month, reaching this cap: ${refused} until it resets on 1 ${monthName.format(next)}.`,
      });
  }
  return warnings;
}
