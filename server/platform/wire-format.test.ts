import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { REALTIME_PAYLOADS } from "../../contracts/realtime-payloads.ts";
import { createCreator } from "../db/factories.ts";
import { createAdmin, jsonInit } from "../test/accounts.ts";
import { startTestApp, type TestApp } from "../test/test-app.ts";

// docs/decisions/010-wire-format.md: every name on the wire is camelCase.
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;
// Values, not names: enum members and examples may be anything.
const VALUE_KEYS = new Set(["enum", "const", "example", "examples", "default"]);

type Schema = Record<string, unknown>;

/** Every property name in a JSON schema (or an OpenAPI operation), with where it was found. */
function propertyNames(schema: unknown, at: string, found: string[] = []): string[] {
  if (Array.isArray(schema)) {
    for (const item of schema) propertyNames(item, at, found);
    return found;
  }
  if (!schema || typeof schema !== "object") return found;
  for (const [key, value] of Object.entries(schema as Schema)) {
    if (key === "properties" && value && typeof value === "object") {
      for (const [name, property] of Object.entries(value as Schema)) {
        found.push(`${at}.${name}`);
        propertyNames(property, `${at}.${name}`, found);
      }
    } else if (!VALUE_KEYS.has(key)) {
      propertyNames(value, at, found);
    }
  }
  return found;
}

const notCamelCase = (names: string[]) =>
  names.filter((name) => !CAMEL_CASE.test(name.split(/[. ]/).at(-1) ?? ""));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("the wire format", () => {
  it("names every request, response and parameter property in camelCase", async () => {
    const doc = await (await app.fetch("/api/openapi.json")).json();
    const names: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Schema>)) {
      for (const [method, operation] of Object.entries(methods as Record<string, Schema>)) {
        const at = `${method.toUpperCase()} ${path}`;
        for (const parameter of (operation.parameters ?? []) as { name: string; in: string }[]) {
          if (parameter.in !== "header") names.push(`${at} ${parameter.in} ${parameter.name}`);
        }
        propertyNames(operation.requestBody, `${at} request`, names);
        propertyNames(operation.responses, `${at} response`, names);
      }
    }
    propertyNames(doc.components?.schemas, "components", names);
    expect(names.length).toBeGreaterThan(100);
    expect(notCamelCase(names)).toEqual([]);
  });

  it("names every event stream payload property in camelCase", () => {
    const names = Object.entries(REALTIME_PAYLOADS).flatMap(([channel, schema]) =>
      propertyNames(z.toJSONSchema(schema, { io: "output" }), channel),
    );
    expect(names.length).toBeGreaterThan(10);
    expect(notCamelCase(names)).toEqual([]);
  });

  it("answers a malformed id in any path with 404, never a 500", async () => {
    const doc = await (await app.fetch("/api/openapi.json")).json();
    // An admin with an approved creator profile passes every access level there is, so the
    // id is what gets looked at.
    const admin = await createAdmin(app);
    await createCreator(app.database.db, { userId: admin.userId, approved: true });
    const calls = Object.entries(doc.paths as Record<string, Schema>)
      .filter(([path]) => path.includes("{"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    expect(calls.length).toBeGreaterThanOrEqual(10);
    for (const { path, method } of calls) {
      const url = `/api${path.replace(/\{[^}]+\}/g, "not-a-uuid")}`;
      const body = method === "get" ? undefined : {};
      const response = await app.fetch(
        url,
        jsonInit(app, method.toUpperCase(), body, admin.cookie),
      );
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.code, `${method} ${path}`).toBe("not_found");
    }
  });

  it("catches a snake_case name", () => {
    const schema = z.toJSONSchema(
      z.object({ list: z.array(z.object({ created_at: z.string() })) }),
    );
    expect(notCamelCase(propertyNames(schema, "example"))).toEqual(["example.list.created_at"]);
  });
});
