/** A small contract exercising what the bundled one does not yet: query coercion, nested bodies, optional bodies. */
import type { OpenApiDocument } from "../../src/server/http/contract";

const badRequest = { $ref: "#/components/responses/BadRequest" };

export const syntheticContract = {
  servers: [{ url: "/api/internal" }],
  paths: {
    "/widgets/{widgetId}": {
      parameters: [{ name: "widgetId", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
      put: {
        operationId: "updateWidget",
        security: [],
        parameters: [
          { name: "dryRun", in: "query", schema: { type: "boolean" } },
          { name: "tags", in: "query", schema: { type: "array", items: { type: "string" }, maxItems: 2 } },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/WidgetInput" } } },
        },
        responses: {
          "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/Widget" } } } },
          "400": badRequest,
        },
      },
    },
    "/widgets": {
      post: {
        operationId: "createWidget",
        "x-actions": ["BrandsCreate"],
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/WidgetInput" } } } },
        responses: { "2XX": { content: { "application/json": { schema: { $ref: "#/components/schemas/Widget" } } } } },
      },
    },
  },
  components: {
    schemas: {
      LoginAlignment: { type: "string", enum: ["Left", "Center", "Right"] },
      WidgetInput: {
        type: "object",
        additionalProperties: false,
        required: ["name", "alignment"],
        properties: {
          name: { type: "string", minLength: 1, maxLength: 10 },
          alignment: { $ref: "#/components/schemas/LoginAlignment" },
          note: { type: ["string", "null"] },
          size: {
            type: "object",
            additionalProperties: false,
            required: ["width"],
            properties: { width: { type: "integer", minimum: 1 }, unit: { type: "string" } },
          },
        },
      },
      Widget: {
        type: "object",
        required: ["widgetId", "name"],
        properties: {
          widgetId: { type: "integer" },
          name: { type: "string" },
          note: { type: ["string", "null"] },
          size: { type: "object", properties: { width: { type: "integer" } } },
          tags: { type: "array", items: { type: "string" } },
        },
      },
      Problem: {
        type: "object",
        required: ["type", "title", "status"],
        properties: {
          type: { type: "string" },
          title: { type: "string" },
          status: { type: "integer" },
          detail: { type: "string" },
          requestId: { type: "string" },
          errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
        },
      },
    },
    responses: {
      BadRequest: {
        description: "Invalid",
        content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
      },
    },
  },
} as unknown as OpenApiDocument;
