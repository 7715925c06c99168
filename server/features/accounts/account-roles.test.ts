import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountRoles } from "../../../contracts/accounts.ts";
import { createCreator } from "../../db/factories.ts";
import { createVerifiedUser } from "../../test/accounts.ts";
import { adminSession } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

// GET /api/accounts/me (issue 23): the web asks a creator's data (presence, hail offers) only
// of creators, so a signed-in client makes no request the server refuses.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function rolesOf(cookie?: string) {
  const response = await app.fetch("/api/accounts/me", cookie ? { headers: { cookie } } : {});
  return { status: response.status, body: (await response.json()) as AccountRoles };
}

describe("the caller's roles", () => {
  it("say creator for an approved profile only, staff for staff, and need a session", async () => {
    expect((await rolesOf()).status).toBe(401);
    const client = await createVerifiedUser(app);
    expect(await rolesOf(client.cookie)).toEqual({
      status: 200,
      body: { creator: false, staff: false },
    });
    const creator = await createVerifiedUser(app);
    await createCreator(app.database.db, { userId: creator.userId });
    expect((await rolesOf(creator.cookie)).body).toEqual({ creator: true, staff: false });
    const pending = await createVerifiedUser(app);
    await createCreator(app.database.db, { userId: pending.userId, approved: false });
    expect((await rolesOf(pending.cookie)).body).toEqual({ creator: false, staff: false });
    const staff = await adminSession(app);
    expect((await rolesOf(staff.cookie)).body).toEqual({ creator: false, staff: true });
  });
});
