/**
 * First-start data, idempotent (run by main after every migrate, and by tests):
 * the built-in roles, the bootstrap administrator, public instance settings,
 * feature flags and the default brand.
 */
import { sql } from "drizzle-orm";
import type { Config } from "./config";
import { hashPassword, generatePassword } from "./auth/password";
import type { Db } from "./db/client";
import {
  brandFiles,
  brands,
  featureFlags,
  identities,
  instanceSettings,
  userRoleAssignments,
  userRoles,
  users,
} from "./db/schema";
import { DEFAULT_BRAND_KEY, defaultBrandFiles, defaultBrandSettings } from "./features/brands/defaultBrand";
import { contractActions } from "./http/contract";

export const PUBLIC_SETTINGS_KEY = "public";

export const defaultPublicSettings = {
  name: "Agent Chat",
  organizationName: "",
  entraIdSettings: { clientId: "", tenantId: "", instance: "https://login.microsoftonline.com/" },
  defaultBrandKey: DEFAULT_BRAND_KEY,
  // No release notes page ships with the product: the link stays hidden until an administrator sets one (README).
  releaseNotesUrl: "",
};

export const defaultFeatureFlags = [
  { name: "AllowUserCreatedGptSystems", enabled: true },
  { name: "ShowFooter", enabled: true },
];

const isAdminRole = sql`lower(${userRoles.name}) = 'admin'`;

export interface SeedResult {
  /** Set only when this run created the administrator with a generated password: print it once. */
  generatedAdminPassword: string | null;
}

async function seedRoles(db: Db): Promise<void> {
  const everyAction = contractActions();
  // The admin role keeps every action, including ones added to the contract since the last start.
  await db
    .insert(userRoles)
    .values({ name: "admin", description: "Every action.", actions: everyAction, isBuiltIn: true })
    .onConflictDoNothing();
  await db.update(userRoles).set({ actions: everyAction }).where(isAdminRole);
  await db
    .insert(userRoles)
    .values({
      name: "user",
      description: "Chat with the available agents.",
      actions: ["GptSystemsRead"],
      isBuiltIn: true,
    })
    .onConflictDoNothing();
}

async function seedAdministrator(db: Db, config: Pick<Config, "adminUserName" | "adminPassword">): Promise<SeedResult> {
  const none = { generatedAdminPassword: null };
  if ((await db.select({ userId: users.userId }).from(users).limit(1)).length > 0) return none;
  const password = config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if ((await tx.select({ userId: users.userId }).from(users).limit(1)).length > 0) return none;
    // Another instance starting at the same moment may win the unique user name: then this one creates nothing.
    const [admin] = await tx
      .insert(users)
      .values({ userName: config.adminUserName, displayName: "Administrator", passwordHash })
      .onConflictDoNothing()
      .returning({ userId: users.userId });
    if (!admin) return none;
    await tx.insert(identities).values({ userId: admin.userId, provider: "local", subject: config.adminUserName });
    const [adminRole] = await tx.select({ userRoleId: userRoles.userRoleId }).from(userRoles).where(isAdminRole);
    if (!adminRole) throw new Error("seed: the admin role is missing");
    await tx.insert(userRoleAssignments).values({ userId: admin.userId, userRoleId: adminRole.userRoleId });
    return { generatedAdminPassword: config.adminPassword === undefined ? password : null };
  });
}

async function seedBrand(db: Db): Promise<void> {
  // Only an instance without any brand gets the default one: administrators may have replaced it.
  if ((await db.select({ brandKey: brands.brandKey }).from(brands).limit(1)).length > 0) return;
  await db
    .insert(brands)
    .values({ brandKey: DEFAULT_BRAND_KEY, name: "Default", isDefault: true, settings: defaultBrandSettings })
    .onConflictDoNothing();
  const files = defaultBrandFiles().map((file) => ({ brandKey: DEFAULT_BRAND_KEY, ...file }));
  await db.insert(brandFiles).values(files).onConflictDoNothing();
}

export async function seed(db: Db, config: Pick<Config, "adminUserName" | "adminPassword">): Promise<SeedResult> {
  await seedRoles(db);
  const result = await seedAdministrator(db, config);
  await db
    .insert(instanceSettings)
    .values({ key: PUBLIC_SETTINGS_KEY, value: defaultPublicSettings })
    .onConflictDoNothing();
  await db.insert(featureFlags).values(defaultFeatureFlags).onConflictDoNothing();
  await seedBrand(db);
  return result;
}
