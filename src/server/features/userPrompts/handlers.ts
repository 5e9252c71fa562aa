/** The caller's saved prompts (spec section 7, "User prompts"). */
import { and, desc, eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { userPrompts } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { requireUser } from "../../http/requireUser";

type Input = components["schemas"]["UserPromptInput"];
type Row = typeof userPrompts.$inferSelect;


function toDto(row: Row): components["schemas"]["UserPrompt"] {
  return { promptId: row.promptId, title: row.title, prompt: row.prompt, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function cleaned(body: Input): Input {
  const title = body.title.trim();
  const prompt = body.prompt.trim();
  const errors: Record<string, string[]> = {};
  if (!title) errors.title = ["is required"];
  if (!prompt) errors.prompt = ["is required"];
  if (Object.keys(errors).length) throw problem(400, "Bad Request", "The request is not valid.", errors);
  return { title, prompt };
}

export const userPromptsHandlers: Handlers = {
  async listUserPrompts(_request, _reply, ctx) {
    const rows = await ctx.deps.database.db
      .select()
      .from(userPrompts)
      .where(eq(userPrompts.userId, requireUser(ctx).userId))
      .orderBy(desc(userPrompts.updatedAt));
    return rows.map(toDto);
  },

  async createUserPrompt(request, reply, ctx) {
    const [row] = await ctx.deps.database.db
      .insert(userPrompts)
      .values({ userId: requireUser(ctx).userId, ...cleaned(request.body as Input) })
      .returning();
    reply.code(201);
    return toDto(row!);
  },

  async updateUserPrompt(request, _reply, ctx) {
    const { promptId } = request.params as { promptId: string };
    const [row] = await ctx.deps.database.db
      .update(userPrompts)
      .set({ ...cleaned(request.body as Input), updatedAt: new Date() })
      .where(and(eq(userPrompts.promptId, promptId), eq(userPrompts.userId, requireUser(ctx).userId)))
      .returning();
    if (!row) throw problem(404, "Not Found", "No such prompt.");
    return toDto(row);
  },

  async deleteUserPrompt(request, _reply, ctx) {
    const { promptId } = request.params as { promptId: string };
    const rows = await ctx.deps.database.db
      .delete(userPrompts)
      .where(and(eq(userPrompts.promptId, promptId), eq(userPrompts.userId, requireUser(ctx).userId)))
      .returning({ promptId: userPrompts.promptId });
    if (rows.length === 0) throw problem(404, "Not Found", "No such prompt.");
    return undefined;
  },
};
