/** An agent's prompts (conversation starters): list, add, change, remove. */
import { and, asc, eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { auditedChange } from "../../admin/audit";
import { assertValid, notFound } from "../../admin/context";
import { sendAll } from "../../admin/listQuery";
import { gptSystemPrompts } from "../../db/chatSchema";
import type { Handlers } from "../../http/types";
import { loadAgent } from "./agentRecords";

type Prompt = components["schemas"]["AdminGptSystemPrompt"];
type Row = typeof gptSystemPrompts.$inferSelect;
type Params = { gptSystemId: string; promptId?: string };

const toPrompt = (row: Row): Prompt => ({
  promptId: row.promptId,
  title: row.title,
  prompt: row.prompt,
  position: row.position,
});

function cleaned(body: Prompt): { title: string; prompt: string } {
  const title = body.title.trim();
  const prompt = body.prompt.trim();
  assertValid({ ...(title ? {} : { title: ["is required"] }), ...(prompt ? {} : { prompt: ["is required"] }) });
  return { title, prompt };
}

const ofAgent = (p: Params) =>
  and(eq(gptSystemPrompts.gptSystemId, p.gptSystemId), eq(gptSystemPrompts.promptId, p.promptId!));

export const promptHandlers: Handlers = {
  async listAdminGptSystemPrompts(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const { gptSystemId } = await loadAgent(db, (request.params as Params).gptSystemId);
    const rows = await db
      .select()
      .from(gptSystemPrompts)
      .where(eq(gptSystemPrompts.gptSystemId, gptSystemId))
      .orderBy(asc(gptSystemPrompts.position), asc(gptSystemPrompts.title));
    return sendAll(reply, "prompts", rows.map(toPrompt));
  },

  async createAdminGptSystemPrompt(request, reply, ctx) {
    const params = request.params as Params;
    const body = request.body as Prompt;
    const created = await auditedChange(ctx, async (tx, audit) => {
      await loadAgent(tx, params.gptSystemId);
      const [row] = await tx
        .insert(gptSystemPrompts)
        .values({ gptSystemId: params.gptSystemId, ...cleaned(body), position: body.position ?? 0 })
        .returning();
      await audit({
        entityType: "GptSystemPrompt",
        entityId: row!.promptId,
        operation: "Create",
        after: { ...toPrompt(row!), gptSystemId: params.gptSystemId },
      });
      return toPrompt(row!);
    });
    reply.code(201);
    return created;
  },

  async updateAdminGptSystemPrompt(request, _reply, ctx) {
    const params = request.params as Params;
    const body = request.body as Prompt;
    return auditedChange(ctx, async (tx, audit) => {
      const [before] = await tx.select().from(gptSystemPrompts).where(ofAgent(params));
      if (!before) notFound("prompt");
      const [row] = await tx
        .update(gptSystemPrompts)
        .set({ ...cleaned(body), position: body.position ?? before.position })
        .where(ofAgent(params))
        .returning();
      await audit({
        entityType: "GptSystemPrompt",
        entityId: row!.promptId,
        operation: "Update",
        before: toPrompt(before),
        after: toPrompt(row!),
      });
      return toPrompt(row!);
    });
  },

  async deleteAdminGptSystemPrompt(request, _reply, ctx) {
    const params = request.params as Params;
    return auditedChange(ctx, async (tx, audit) => {
      const [row] = await tx.delete(gptSystemPrompts).where(ofAgent(params)).returning();
      if (!row) notFound("prompt");
      await audit({
        entityType: "GptSystemPrompt",
        entityId: row.promptId,
        operation: "Delete",
        before: toPrompt(row),
      });
      return toPrompt(row);
    });
  },
};
