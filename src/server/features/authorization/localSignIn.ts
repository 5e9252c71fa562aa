/**
 * Sign-in with a user name and password (identity provider `local`).
 * Unknown user, wrong password and disabled user get the same answer after
 * the same password check (scrypt dominates the time), so neither the body
 * nor the timing tells which user names exist.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { ProductTokenSubject } from "../../auth/productToken";
import type { Db } from "../../db/client";
import { identities, users } from "../../db/schema";
import { afterFailedSignIn, lockoutSecondsRemaining } from "./lockoutPolicy";
import { lockedOut, wrongUserNameOrPassword } from "./signInProblems";

export interface LocalCredentials {
  userName: string;
  password: string;
}

const LOCAL_PROVIDER = "local";

let dummyHash: Promise<string> | undefined;

/** A real scrypt hash of a random password, verified against when the user does not exist. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomUUID());
  return dummyHash;
}

async function findLocalUser(db: Db, userName: string) {
  const [user] = await db
    .select({
      userId: users.userId,
      userName: users.userName,
      displayName: users.displayName,
      passwordHash: users.passwordHash,
      isDisabled: users.isDisabled,
      lockedUntil: users.lockedUntil,
    })
    .from(users)
    .innerJoin(identities, and(eq(identities.userId, users.userId), eq(identities.provider, LOCAL_PROVIDER)))
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return user;
}

/** Counts a failure under a row lock, so concurrent wrong guesses cannot overwrite each other's count. */
async function recordFailedSignIn(db: Db, userId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ failedSignInCount: users.failedSignInCount, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.userId, userId))
      .for("update");
    if (!row) return 0;
    const alreadyLocked = lockoutSecondsRemaining(row, now);
    if (alreadyLocked > 0) return alreadyLocked;
    const next = afterFailedSignIn(row.failedSignInCount, now);
    await tx.update(users).set(next).where(eq(users.userId, userId));
    return lockoutSecondsRemaining(next, now);
  });
}

/**
 * Returns the signed-in user, or throws 401 (wrong credentials, disabled) or
 * 429 with the seconds to wait (locked out, also when the password is right).
 */
export async function signInLocal(
  db: Db,
  credentials: LocalCredentials,
  now = new Date(),
): Promise<ProductTokenSubject> {
  const user = await findLocalUser(db, credentials.userName);

  const lockedSeconds = user ? lockoutSecondsRemaining(user, now) : 0;
  if (lockedSeconds > 0) throw lockedOut(lockedSeconds);

  const passwordMatches = await verifyPassword(credentials.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !user.passwordHash || !passwordMatches) {
    if (user) {
      const lockedNow = await recordFailedSignIn(db, user.userId, now);
      if (lockedNow > 0) throw lockedOut(lockedNow);
    }
    throw wrongUserNameOrPassword();
  }
  if (user.isDisabled) throw wrongUserNameOrPassword();

  await db
    .update(users)
    .set({ failedSignInCount: 0, lockedUntil: null, lastSignInAt: now })
    .where(eq(users.userId, user.userId));
  return { userId: user.userId, userName: user.userName, displayName: user.displayName, identityProvider: "local" };
}
