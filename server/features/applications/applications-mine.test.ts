import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplication } from "../../db/factories.ts";
import { userSession } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const mine = (cookie?: string) =>
  app.fetch("/api/applications/mine", { headers: cookie ? { cookie } : {} });

describe("GET /api/applications/mine", () => {
  it("answers the signed-in person's latest application by their address, whatever its case", async () => {
    const person = await userSession(app);
    const { db } = app.database;
    await createApplication(db, {
      email: person.user.email,
      status: "denied",
      created_at: new Date(Date.now() - 86_400_000),
    });
    const latest = await createApplication(db, {
      email: person.user.email.toUpperCase(),
      status: "under_review",
    });
    // Someone else's application is never theirs.
    await createApplication(db, { status: "approved" });

    const response = await mine(person.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      application: {
        id: latest.id,
        status: "under_review",
        createdAt: new Date(latest.created_at).toISOString(),
        denialReason: null,
      },
    });
  });

  it("gives a denied application's reason", async () => {
    const person = await userSession(app);
    await createApplication(app.database.db, { email: person.user.email, status: "denied" });
    const { application } = await (await mine(person.cookie)).json();
    expect(application).toMatchObject({
      status: "denied",
      denialReason: "Portfolio does not yet show enough recent work.",
    });
  });

  it("answers null without an application, and for an address not verified", async () => {
    const person = await userSession(app);
    expect(await (await mine(person.cookie)).json()).toEqual({ application: null });
    // As a social sign-in can arrive: the session names an applicant's address, unverified
    // (set before the session is first used, so no process remembers it verified).
    const claimant = await userSession(app);
    await createApplication(app.database.db, { email: claimant.user.email });
    await app.database.db
      .updateTable("user")
      .set({ emailVerified: false })
      .where("id", "=", claimant.user.id)
      .execute();
    expect(await (await mine(claimant.cookie)).json()).toEqual({ application: null });
  });

  it("refuses a visitor who is not signed in", async () => {
    const response = await mine();
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthenticated");
  });
});
