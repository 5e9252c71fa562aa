/**
 * Visitors have no account, yet the chat's pipeline (and the tables it writes) needs an owner for
 * every conversation. All visitors' conversations belong to one built-in account, disabled so that
 * no token can ever name it; each conversation is told apart by its session (publicSessionHash).
 * Owning them through an account nobody signs in with keeps them out of every user's history, while
 * they stay chat conversations for analytics (under their agent) and budgets (the per-user cap then
 * applies to all visitors together).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { AuthenticatedUser } from "../../http/types";

/** Fixed, so that nobody who merely takes the user name gets the visitors' conversations. */
export const VISITOR_ACCOUNT_ID = "00000000-0000-4000-8000-0000000f15a0";
export const VISITOR_ACCOUNT_USER_NAME = "public-chat-visitors";

/** The visitors' account as the pipeline's caller; created on first use. */
export async function visitorAccount(db: Db): Promise<AuthenticatedUser> {
  await db
    .insert(users)
    .values({ userId: VISITOR_ACCOUNT_ID, userName: VISITOR_ACCOUNT_USER_NAME, displayName: "Public chat visitors", isDisabled: true })
    .onConflictDoNothing();
  const [account] = await db.select().from(users).where(eq(users.userId, VISITOR_ACCOUNT_ID));
  if (!account) throw new Error(`The user name ${VISITOR_ACCOUNT_USER_NAME} is taken: the public chat needs it for its visitors.`);
  return {
    userId: account.userId,
    userName: account.userName,
    displayName: account.displayName,
    identityProvider: "local",
    actions: new Set(),
  };
}
