/**
 * Tables of the analytics area (re-exported by schema.ts, the one schema
 * drizzle-kit reads): performance tests and their runs. Conversation analytics
 * need no table of their own: they aggregate conversation_segments.
 */
import { index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { gptSystems } from "./chatSchema";
import { users } from "./schema";

/** A saved set of prompts to run against one agent. */
export const performanceTests = pgTable("performance_tests", {
  performanceTestId: uuid("performance_test_id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  gptSystemId: uuid("gpt_system_id")
    .notNull()
    .references(() => gptSystems.gptSystemId, { onDelete: "cascade" }),
  prompts: jsonb("prompts").$type<string[]>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One run of a test: which configuration answered, and its status. */
export const performanceTestRuns = pgTable(
  "performance_test_runs",
  {
    runId: uuid("run_id").primaryKey().defaultRandom(),
    performanceTestId: uuid("performance_test_id")
      .notNull()
      .references(() => performanceTests.performanceTestId, { onDelete: "cascade" }),
    gptSystemId: uuid("gpt_system_id").notNull(),
    configStateId: uuid("config_state_id").notNull(),
    languageEngine: text("language_engine").notNull(),
    deploymentName: text("deployment_name").notNull(),
    /** Running | Complete | Failed */
    status: text("status").notNull(),
    startedByUserId: uuid("started_by_user_id").references(() => users.userId, { onDelete: "set null" }),
    startedByDisplayName: text("started_by_display_name").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("performance_test_runs_test").on(t.performanceTestId, t.startedAt)],
);

/** One prompt's measurements within a run. */
export const performanceTestResults = pgTable(
  "performance_test_results",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => performanceTestRuns.runId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    prompt: text("prompt").notNull(),
    /** Pending | Running | Complete | Failed */
    status: text("status").notNull(),
    timeToFirstTokenMs: integer("time_to_first_token_ms"),
    totalMs: integer("total_ms"),
    /** Input tokens count in the monthly budgets like a chat answer's (see adminInstanceSettings/budget.ts). */
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    tokensPerSecond: real("tokens_per_second"),
    errorText: text("error_text"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.position] })],
);
