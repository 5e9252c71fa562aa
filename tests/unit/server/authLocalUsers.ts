/** Users who sign in with a password (identity provider `local`), for the sign-in tests. */
import { eq } from "drizzle-orm";
import { hashPassword } from "../../../src/server/auth/password";
import { identities, users } from "../../../src/server/db/schema";
import type { CreateUserOptions, TestApp, TestUser } from "../../helpers/buildTestApp";

export async function createLocalUser(
  testApp: TestApp,
  options: CreateUserOptions & { password: string },
): Promise<TestUser> {
  const user = await testApp.createUser(options);
  const db = testApp.deps.database.db;
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(options.password) })
    .where(eq(users.userId, user.userId));
  await db.insert(identities).values({ userId: user.userId, provider: "local", subject: user.userName });
  return user;
}

export async function userRow(testApp: TestApp, userId: string) {
  const [row] = await testApp.deps.database.db.select().from(users).where(eq(users.userId, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}
