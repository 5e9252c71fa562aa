/** Chat access policies as AdminChatAccessPolicy records: the policy row plus its agents and principals. */
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import type { Tx } from "../../admin/audit";
import { notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import type { ListRequest, ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { chatAccessPolicies, chatAccessPolicyAgents, chatAccessPolicyPrincipals } from "../../db/adminSchema";

export type AdminChatAccessPolicy = components["schemas"]["AdminChatAccessPolicy"];
type PolicyRow = typeof chatAccessPolicies.$inferSelect;
type Queryable = Pick<Db, "select">;

/** Principal types as stored, keyed by the record's list fields. */
export const PRINCIPAL_FIELDS = { userIds: "user", userRoleIds: "userRole", groupIds: "group" } as const;

async function links(db: Queryable, ids: string[]) {
  if (ids.length === 0) return { agents: [], principals: [] };
  const [agents, principals] = await Promise.all([
    db.select().from(chatAccessPolicyAgents).where(inArray(chatAccessPolicyAgents.chatAccessPolicyId, ids)),
    db.select().from(chatAccessPolicyPrincipals).where(inArray(chatAccessPolicyPrincipals.chatAccessPolicyId, ids)),
  ]);
  return { agents, principals };
}

function assemble(rows: PolicyRow[], linked: Awaited<ReturnType<typeof links>>): AdminChatAccessPolicy[] {
  return rows.map((row) => {
    const id = row.chatAccessPolicyId;
    const principals = (type: string) =>
      linked.principals
        .filter((p) => p.chatAccessPolicyId === id && p.principalType === type)
        .map((p) => p.principalId)
        .sort();
    return {
      chatAccessPolicyId: id,
      name: row.name,
      description: row.description,
      isEnabled: row.isEnabled,
      gptSystemIds: linked.agents
        .filter((a) => a.chatAccessPolicyId === id)
        .map((a) => a.gptSystemId)
        .sort(),
      userIds: principals(PRINCIPAL_FIELDS.userIds),
      userRoleIds: principals(PRINCIPAL_FIELDS.userRoleIds),
      groupIds: principals(PRINCIPAL_FIELDS.groupIds),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function adminChatAccessPolicy(db: Queryable, id: string): Promise<AdminChatAccessPolicy> {
  const [row] = await db.select().from(chatAccessPolicies).where(eq(chatAccessPolicies.chatAccessPolicyId, id));
  if (!row) notFound("chat access policy");
  return assemble([row], await links(db, [id]))[0]!;
}

/** Replaces a policy's agents and principals with those of the record. */
export async function saveLinks(tx: Tx, id: string, record: AdminChatAccessPolicy): Promise<void> {
  await tx.delete(chatAccessPolicyAgents).where(eq(chatAccessPolicyAgents.chatAccessPolicyId, id));
  await tx.delete(chatAccessPolicyPrincipals).where(eq(chatAccessPolicyPrincipals.chatAccessPolicyId, id));
  const agents = (record.gptSystemIds ?? []).map((gptSystemId) => ({ chatAccessPolicyId: id, gptSystemId }));
  if (agents.length) await tx.insert(chatAccessPolicyAgents).values(agents);
  const principals = Object.entries(PRINCIPAL_FIELDS).flatMap(([field, principalType]) =>
    ((record[field as keyof typeof PRINCIPAL_FIELDS] ?? []) as string[]).map((principalId) => ({
      chatAccessPolicyId: id,
      principalType,
      principalId,
    })),
  );
  if (principals.length) await tx.insert(chatAccessPolicyPrincipals).values(principals);
}

export const policyListSpec: ListSpec = {
  sortFields: ["name", "isEnabled", "createdAt", "updatedAt"],
  defaultSort: ["name", "ASC"],
  filters: ["q", "isEnabled", "gptSystemId"],
};
const sortColumns = {
  name: chatAccessPolicies.name,
  isEnabled: chatAccessPolicies.isEnabled,
  createdAt: chatAccessPolicies.createdAt,
  updatedAt: chatAccessPolicies.updatedAt,
};

export async function listAdminChatAccessPolicies(db: Db, request: ListRequest) {
  const f = new FilterReader(request.filter);
  const ids = f.ids();
  const q = f.string("q");
  const isEnabled = f.boolean("isEnabled");
  const gptSystemId = f.uuid("gptSystemId");
  f.done();
  const where: SQL | undefined = and(
    ids ? inArray(chatAccessPolicies.chatAccessPolicyId, ids) : undefined,
    q
      ? or(ilike(chatAccessPolicies.name, likePattern(q)), ilike(chatAccessPolicies.description, likePattern(q)))
      : undefined,
    isEnabled === undefined ? undefined : eq(chatAccessPolicies.isEnabled, isEnabled),
    gptSystemId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(chatAccessPolicyAgents)
            .where(
              and(
                eq(chatAccessPolicyAgents.chatAccessPolicyId, chatAccessPolicies.chatAccessPolicyId),
                eq(chatAccessPolicyAgents.gptSystemId, gptSystemId),
              ),
            ),
        )
      : undefined,
  );
  const column = sortColumns[request.sort.field as keyof typeof sortColumns];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(chatAccessPolicies).where(where);
  const rows = await db
    .select()
    .from(chatAccessPolicies)
    .where(where)
    .orderBy(request.sort.order === "ASC" ? asc(column) : desc(column), asc(chatAccessPolicies.chatAccessPolicyId))
    .offset(request.offset)
    .limit(request.limit);
  return {
    total,
    rows: assemble(
      rows,
      await links(
        db,
        rows.map((r) => r.chatAccessPolicyId),
      ),
    ),
  };
}
