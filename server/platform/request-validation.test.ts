import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZErrorResponse } from "../../contracts/errors.ts";
import { createApplication, createCreator, createPortfolioItem } from "../db/factories.ts";
import { createAdmin, createVerifiedUser, jsonInit } from "../test/accounts.ts";
import { rowCounts } from "../test/row-counts.ts";
import { startTestApp, type TestApp } from "../test/test-app.ts";
import { nulCharacterAt } from "./http.ts";

// What the fuzz suite (server/fuzz) found in request validation, one case each.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function errorOf(response: Response) {
  return ZErrorResponse.parse(await response.json()).error;
}

describe("a JSON route sent another content type", () => {
  it("answers 415 with the code that names it", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await app.fetch("/api/applications", {
        method: "POST",
        headers: { "content-type": contentType, origin: app.url },
        body: JSON.stringify({ fullName: "A", email: "a@example.test" }),
      });
      expect(response.status).toBe(415);
      expect((await errorOf(response)).code).toBe("unsupported_media_type");
    }
  });
});

describe("the NUL character", () => {
  it("is refused in a JSON body with 400, writing nothing (PostgreSQL text cannot hold it)", async () => {
    const client = await createVerifiedUser(app);
    const admin = await createAdmin(app);
    const creator = await createCreator(app.database.db);
    const item = await createPortfolioItem(app.database.db, {
      userId: creator.user.id,
      imagePath: "public/portfolio/x",
    });
    const application = await createApplication(app.database.db);
    const before = await rowCounts(app.database.db);
    const comment = await app.fetch(
      `/api/portfolio/${item.id}/comments`,
      jsonInit(app, "POST", { body: "a\u0000b" }, client.cookie),
    );
    expect(comment.status).toBe(400);
    expect(await errorOf(comment)).toEqual({
      code: "validation_failed",
      message: "body: Text must not contain the NUL character",
    });
    const deny = await app.fetch(
      `/api/admin/applications/${application.id}/deny`,
      jsonInit(app, "POST", { reason: "\u0000" }, admin.cookie),
    );
    expect(deny.status).toBe(400);
    // Only the per-account rate-limit counter moves: it counts attempts before validation.
    const after = await rowCounts(app.database.db);
    expect({ ...after, auth_attempts: 0 }).toEqual({ ...before, auth_attempts: 0 });
    const stored = await app.database.db
      .selectFrom("applications")
      .select("status")
      .where("id", "=", application.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("pending");
  });

  it("is refused in a query parameter with 400", async () => {
    const admin = await createAdmin(app);
    const response = await app.fetch("/api/admin/applications?q=a%00b", {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("q: Text must not contain the NUL character");
  });

  it("is found at any depth of a validated input", () => {
    expect(nulCharacterAt({ a: ["x", { b: "y\u0000" }] })).toBe("a.1.b");
    expect(nulCharacterAt("\u0000")).toBe("");
    expect(nulCharacterAt({ a: ["x", 1, null, { b: "y" }] })).toBeUndefined();
  });
});
