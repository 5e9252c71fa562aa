/**
 * The contract, checked from the bundled spec: every operation is routed to a
 * handler, refuses per its security and x-actions, and answers per its schemas.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers } from "../../src/server/features";
import { contractOperations, type ContractOperation, type JsonObject } from "../../src/server/http/contract";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../helpers/buildTestApp";
import { assertMatchesContract } from "../helpers/contractValidator";
import { adminAnalyticsSamples, createAnalyticsFixture, type AnalyticsFixture } from "./adminAnalyticsSamples";
import { adminSamples, createAdminFixture, type AdminFixture } from "./adminSamples";
import { chatSamples, createChatFixture } from "./chatSamples";
import { createFilesFixture, filesSamples, type FilesFixture } from "./filesSamples";
import { codeInterpreterSamples, createCodeInterpreterFixture, type CodeInterpreterFixture } from "./codeInterpreterSamples";
import { createModerationFixture, moderationSamples, type ModerationFixture } from "./moderationSamples";
import { createGuidelinesFixture, guidelinesSamples, type GuidelinesFixture } from "./guidelinesSamples";
import { configStateConversationSamples, createConfigStateConversationFixture, type ConfigStateConversationFixture } from "./configStateConversationSamples";
import { createPublicConversationFixture, publicConversationSamples, type PublicConversationFixture } from "./publicConversationSamples";
import { speechSamples } from "./speechSamples";

const operations = contractOperations();
const secured = operations.filter((op) => !op.isPublic);
const withActions = secured.filter((op) => op.actions.length > 0);

/** A value the parameter's schema accepts, so that refusals are about the token, not the URL. */
function sampleValue(schema: JsonObject | undefined): string {
  if (Array.isArray(schema?.enum)) return String(schema.enum[0]);
  if (schema?.format === "uuid") return randomUUID();
  if (schema?.type === "integer" || schema?.type === "number") return "1";
  return "sample";
}

function urlOf(op: ContractOperation): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(sampleValue(op.parameters.find((p) => p.in === "path" && p.name === name)?.schema)),
  );
  return `${op.prefix}${path}`;
}

let t: TestApp;
let noRolesToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  noRolesToken = await t.tokenFor(await t.createUser({ userName: "contract-no-roles" }));
  fixture = { ...(await createChatFixture(t)), ...(await createFilesFixture(t)), ...(await createCodeInterpreterFixture(t)), ...(await createAdminFixture(t)), ...(await createModerationFixture(t)), ...(await createAnalyticsFixture(t)), ...(await createGuidelinesFixture(t)), ...(await createConfigStateConversationFixture(t)), ...(await createPublicConversationFixture(t)) };
});
afterAll(() => t.close());

async function call(op: ContractOperation, token?: string) {
  return t.app.inject({
    method: op.method as "GET",
    url: urlOf(op),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(op.requestBody ? { payload: {} } : {}),
  });
}

describe("every operation", () => {
  it.each(operations.map((op) => [op.operationId]))("%s has a handler", (operationId) => {
    expect(handlers[operationId]).toBeTypeOf("function");
  });
});

describe.skipIf(secured.length === 0)("operations that need a token", () => {
  it.each(secured.map((op) => [op.operationId, op]))("%s answers 401 without one", async (operationId, op) => {
    const response = await call(op);
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    assertMatchesContract(operationId, response);
  });
});

describe.skipIf(withActions.length === 0)("operations with x-actions", () => {
  it.each(withActions.map((op) => [op.operationId, op]))(
    "%s answers 403 to a user without roles",
    async (operationId, op) => {
      const response = await call(op, noRolesToken);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(`This operation requires one of these actions: ${op.actions.join(", ")}.`);
      expect(response.json().requiredActions).toEqual(op.actions);
      assertMatchesContract(operationId, response);
    },
  );
});

/** Objects made once for the samples that need existing ids. */
interface Fixture extends FilesFixture, AdminFixture, ModerationFixture, AnalyticsFixture, CodeInterpreterFixture, GuidelinesFixture, ConfigStateConversationFixture, PublicConversationFixture {
  gptSystemId: string;
  conversationId: string;
  conversationSegmentId: string;
  promptId: string;
  bannedConversationId: string;
}
let fixture: Fixture;

interface Sample {
  operationId: string;
  url: string | ((f: Fixture) => string);
  method?: "GET" | "POST" | "PUT" | "DELETE";
  payload?: object | ((f: Fixture) => object);
  /** Extra request headers (a multipart body's content type, a visitor's session identifier). */
  headers?: Record<string, string> | ((f: Fixture) => Record<string, string>);
  /** The server URL the path is under; /api/internal unless said otherwise (/generatedImages is at the root). */
  prefix?: string;
  /** A user name to sign in as; the administrator unless said otherwise. */
  as?: string | null;
  status: number;
}

/** Calls a client makes, each checked against the contract; errors are part of the contract too. */
const samples: Sample[] = [
  { operationId: "getCurrentUserDetails", url: "/CurrentUser/details", status: 200 },
  { operationId: "getCurrentUserDetails", url: "/CurrentUser/details", as: "contract-no-roles", status: 200 },
  {
    operationId: "getCurrentUserRolesWithResolvedActions",
    url: "/CurrentUser/UserRolesWithResolvedActions",
    status: 200,
  },
  { operationId: "getInstanceSettings", url: "/InstanceSettings", as: null, status: 200 },
  { operationId: "listFeatures", url: "/features/List", as: null, status: 200 },
  { operationId: "getBuildInfo", url: "/buildInfo", as: null, status: 200 },
  { operationId: "getUploadLimits", url: "/uploadLimits", as: null, status: 200 },
  { operationId: "getBrand", url: "/brands/default", as: null, status: 200 },
  { operationId: "getBrand", url: "/brands/unknown", as: null, status: 404 },
  { operationId: "getBrand", url: "/brands/not%20valid", as: null, status: 400 },
  { operationId: "getBrandFile", url: "/brands/default/logo.svg", as: null, status: 200 },
  { operationId: "getBrandFile", url: "/brands/default/nothing.png", as: null, status: 404 },
  { operationId: "getBrandFavicon", url: "/brands/default/favicon", as: null, status: 200 },
  {
    operationId: "generateToken",
    url: "/authorization/local/GenerateToken",
    method: "POST",
    payload: { userName: TEST_ADMIN.userName, password: TEST_ADMIN.password },
    as: null,
    status: 200,
  },
  {
    operationId: "generateToken",
    url: "/authorization/local/GenerateToken",
    method: "POST",
    payload: { userName: TEST_ADMIN.userName, password: 5 },
    as: null,
    status: 400,
  },
  ...chatSamples,
  ...filesSamples,
  ...codeInterpreterSamples,
  ...adminSamples,
  ...adminAnalyticsSamples,
  ...moderationSamples,
  ...guidelinesSamples,
  ...configStateConversationSamples,
  ...publicConversationSamples,
  ...speechSamples,
];

describe("answers match the contract", () => {
  it.each(samples.map((s) => [`${s.operationId} ${s.method ?? "GET"} → ${s.status}`, s] as const))("%s", async (_name, sample) => {
    const userName = sample.as === undefined ? TEST_ADMIN.userName : sample.as;
    const payload = typeof sample.payload === "function" ? sample.payload(fixture) : sample.payload;
    const response = await t.app.inject({
      method: sample.method ?? "GET",
      url: `${sample.prefix ?? "/api/internal"}${typeof sample.url === "function" ? sample.url(fixture) : sample.url}`,
      headers: { ...(typeof sample.headers === "function" ? sample.headers(fixture) : sample.headers), ...(userName ? { authorization: `Bearer ${await t.tokenFor(userName)}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(sample.status);
    assertMatchesContract(sample.operationId, response);
  });

  it("covers every operation with at least one sample", () => {
    const sampled = new Set(samples.map((s) => s.operationId));
    expect(operations.map((op) => op.operationId).filter((id) => !sampled.has(id))).toEqual([]);
  });
});
