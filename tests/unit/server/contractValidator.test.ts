import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpProblem } from "../../../src/server/http/problem";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";
import { assertMatchesContract } from "../../helpers/contractValidator";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    handlers: {
      // A string payload bypasses the serialiser: exactly what the validator must still catch.
      getBuildInfo: async (_request, reply) => reply.type("application/json").send('{"version":"1"}'),
      listFeatures: async () => {
        throw new HttpProblem(418, "I'm a teapot");
      },
      getInstanceSettings: async (_request, reply) => reply.type("text/plain").send("hello"),
    },
  });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url: `/api/internal${url}` });

describe("the contract test helper", () => {
  it("accepts a conforming answer", async () => {
    const response = await get("/brands/default");
    expect(() => assertMatchesContract("getBrand", response)).not.toThrow();
  });

  it("rejects a body missing required fields", async () => {
    const response = await get("/buildInfo");
    expect(() => assertMatchesContract("getBuildInfo", response)).toThrow(/must have required property 'buildId'/);
  });

  it("rejects an undeclared status", async () => {
    const response = await get("/features/List");
    expect(() => assertMatchesContract("listFeatures", response)).toThrow(
      "listFeatures: status 418 is not declared by the contract",
    );
  });

  it("rejects an undeclared content type", async () => {
    const response = await get("/InstanceSettings");
    expect(() => assertMatchesContract("getInstanceSettings", response)).toThrow(
      "getInstanceSettings: 200 answered text/plain, declared application/json",
    );
  });

  it("accepts a binary answer within a declared media range", async () => {
    const response = await get("/brands/default/logo.svg");
    expect(() => assertMatchesContract("getBrandFile", response)).not.toThrow();
  });
});
