/**
 * Maps a verified Entra ID token to a user: the identity (provider `entraId`,
 * subject = object id) names the user; the first sign-in provisions one with
 * the built-in `user` role.
 */
import { and, eq, sql } from "drizzle-orm";
import type { JWTPayload } from "jose";
import type { Db } from "../../db/client";
import { identities, userRoleAssignments, userRoles, users } from "../../db/schema";

export const ENTRA_ID_PROVIDER = "entraId";
const DEFAULT_ROLE_NAME = "user";
/** Postgres unique_violation: another request provisioned the same identity or took the user name first. */
const UNIQUE_VIOLATION = "23505";
const PROVISIONING_ATTEMPTS = 3;

export interface EntraIdProfile {
  /** The object id (`oid`): stable per user across the tenant's apps, unlike `sub` which is per app. */
  subject: string;
  userName: string;
  displayName: string;
  email: string | null;
}

export interface EntraIdUser {
  userId: string;
  userName: string;
  displayName: string;
  isDisabled: boolean;
}

function claim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Null when the token names no subject at all. */
export function profileFromClaims(payload: JWTPayload): EntraIdProfile | null {
  const subject = claim(payload, "oid") ?? claim(payload, "sub");
  if (!subject) return null;
  const email = claim(payload, "email") ?? claim(payload, "preferred_username") ?? null;
  const userName = claim(payload, "preferred_username") ?? claim(payload, "email") ?? subject;
  return { subject, userName, displayName: claim(payload, "name") ?? userName, email };
}

const userColumns = {
  userId: users.userId,
  userName: users.userName,
  displayName: users.displayName,
  isDisabled: users.isDisabled,
};

async function findByIdentity(db: Db, subject: string): Promise<EntraIdUser | undefined> {
  const [user] = await db
    .select(userColumns)
    .from(identities)
    .innerJoin(users, eq(users.userId, identities.userId))
    .where(and(eq(identities.provider, ENTRA_ID_PROVIDER), eq(identities.subject, subject)))
    .limit(1);
  return user;
}

async function isUserNameTaken(db: Db, userName: string): Promise<boolean> {
  const rows = await db
    .select({ userId: users.userId })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return rows.length > 0;
}

/** The wanted name, or the first free `name-2`, `name-3`, ... (user names are unique regardless of case). */
async function freeUserName(db: Db, wanted: string): Promise<string> {
  if (!(await isUserNameTaken(db, wanted))) return wanted;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${wanted}-${suffix}`;
    if (!(await isUserNameTaken(db, candidate))) return candidate;
  }
}

async function provision(db: Db, profile: EntraIdProfile, now: Date): Promise<EntraIdUser> {
  const userName = await freeUserName(db, profile.userName);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ userName, displayName: profile.displayName, email: profile.email, lastSignInAt: now })
      .returning(userColumns);
    if (!user) throw new Error("provisioning: the user insert returned no row");
    await tx.insert(identities).values({ userId: user.userId, provider: ENTRA_ID_PROVIDER, subject: profile.subject });
    const [role] = await tx
      .select({ userRoleId: userRoles.userRoleId })
      .from(userRoles)
      .where(sql`lower(${userRoles.name}) = ${DEFAULT_ROLE_NAME}`);
    if (!role) throw new Error(`provisioning: the built-in "${DEFAULT_ROLE_NAME}" role is missing`);
    await tx.insert(userRoleAssignments).values({ userId: user.userId, userRoleId: role.userRoleId });
    return user;
  });
}

function isUniqueViolation(error: unknown): boolean {
  // Drivers and drizzle wrap the database error: look a few causes deep.
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The user behind the identity, provisioned on first sign-in; a concurrent first sign-in of the same person reuses the winner's user. */
export async function findOrProvisionEntraIdUser(
  db: Db,
  profile: EntraIdProfile,
  now = new Date(),
): Promise<EntraIdUser> {
  for (let attempt = 1; ; attempt++) {
    const existing = await findByIdentity(db, profile.subject);
    if (existing) {
      if (!existing.isDisabled)
        await db.update(users).set({ lastSignInAt: now }).where(eq(users.userId, existing.userId));
      return existing;
    }
    try {
      return await provision(db, profile, now);
    } catch (error) {
      if (attempt >= PROVISIONING_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}
