import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplication, createCreator, uniqueEmail } from "../../db/factories.ts";
import { jsonRequest, userSession } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const state = (id: string, cookie?: string) =>
  app.fetch(`/api/onboarding/applications/${id}`, { headers: cookie ? { cookie } : {} });
const complete = (body: unknown, cookie?: string) =>
  app.fetch("/api/onboarding/complete", jsonRequest("POST", body, cookie));

async function applicant(
  status: "approved" | "pending" | "under_review" | "denied" | "converted" = "approved",
) {
  const email = uniqueEmail("onboard");
  const application = await createApplication(app.database.db, {
    email,
    status,
    full_name: "Olive Onboard",
    about_me: "Golden hour portraits.",
    phone: "305-555-0199",
  });
  const session = await userSession(app, email.toUpperCase());
  return { application, ...session };
}

describe("the onboarding guard", () => {
  it("answers 401 without a session on both routes", async () => {
    const { application } = await applicant();
    expect((await state(application.id)).status).toBe(401);
    expect((await complete({ applicationId: application.id, fullName: "X" })).status).toBe(401);
  });

  it("answers 'Application not found' for unknown or malformed ids", async () => {
    const { cookie } = await applicant();
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const response = await state(id, cookie);
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe("Application not found");
    }
  });

  it("refuses another account's application (403), comparing emails case-insensitively", async () => {
    const { application } = await applicant();
    const stranger = await userSession(app);
    const response = await state(application.id, stranger.cookie);
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe(
      "This application does not belong to your account",
    );
    const post = await complete({ applicationId: application.id, fullName: "X" }, stranger.cookie);
    expect(post.status).toBe(403);
  });

  it("refuses a session whose email is not verified (403), on both routes", async () => {
    const { application, cookie, user } = await applicant();
    // As a social sign-in can arrive: the session names the application's address, unverified.
    await app.database.db
      .updateTable("user")
      .set({ emailVerified: false })
      .where("id", "=", user.id)
      .execute();
    const expected =
      "Please confirm your email address first: onboarding needs an account whose email is verified.";
    const get = await state(application.id, cookie);
    expect(get.status).toBe(403);
    expect((await get.json()).error.message).toBe(expected);
    const post = await complete({ applicationId: application.id, fullName: "X" }, cookie);
    expect(post.status).toBe(403);
    expect((await post.json()).error.message).toBe(expected);
    const profiles = await app.database.db
      .selectFrom("photographer_profiles")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(profiles).toEqual([]);
  });

  it("refuses applications that are not approved", async () => {
    for (const status of ["pending", "under_review", "denied"] as const) {
      const { application, cookie } = await applicant(status);
      const response = await state(application.id, cookie);
      expect(response.status).toBe(409);
      expect((await response.json()).error.message).toBe(
        "This application has not been approved yet",
      );
      const post = await complete({ applicationId: application.id, fullName: "X" }, cookie);
      expect(post.status).toBe(409);
    }
  });

  it("says the profile exists when the user already has one", async () => {
    const { application, cookie, user } = await applicant();
    await createCreator(app.database.db, { userId: user.id });
    expect(await (await state(application.id, cookie)).json()).toEqual({ state: "profile_exists" });
  });

  it("returns the prefill from the application when everything passes", async () => {
    const { application, cookie } = await applicant();
    const body = await (await state(application.id, cookie)).json();
    expect(body).toMatchObject({
      state: "ready",
      application: {
        id: application.id,
        fullName: "Olive Onboard",
        aboutMe: "Golden hour portraits.",
      },
    });
  });
});

describe("completing onboarding", () => {
  it("creates the approved profile and converts the application in one go", async () => {
    const { application, cookie, user } = await applicant();
    const response = await complete(
      {
        applicationId: application.id,
        fullName: "Olive O.",
        bio: "Golden hour portraits.",
        specialties: ["Portrait", "Portrait", "Event"],
        city: "Miami, FL",
        travelRadius: 50,
        portfolioUrl: "",
      },
      cookie,
    );
    expect(response.status).toBe(201);
    const profile = await app.database.db
      .selectFrom("photographer_profiles")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      full_name: "Olive O.",
      bio: "Golden hour portraits.",
      specialties: ["Portrait", "Event"],
      approved: true,
      is_published: false,
      travel_radius: 50,
      application_id: application.id,
    });
    const row = await app.database.db
      .selectFrom("applications")
      .select(["status", "converted_at"])
      .where("id", "=", application.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("converted");
    expect(row.converted_at).not.toBeNull();
    // Coming back: the profile exists; a second completion is refused.
    expect(await (await state(application.id, cookie)).json()).toEqual({ state: "profile_exists" });
    expect(
      (await complete({ applicationId: application.id, fullName: "Again" }, cookie)).status,
    ).toBe(409);
  });

  it("requires a full name and an integer travel radius", async () => {
    const { application, cookie } = await applicant();
    expect((await complete({ applicationId: application.id, fullName: " " }, cookie)).status).toBe(
      400,
    );
    const radius = await complete(
      { applicationId: application.id, fullName: "A", travelRadius: 1.5 },
      cookie,
    );
    expect(radius.status).toBe(400);
  });

  it("creates one profile when two completions race", async () => {
    const { application, cookie, user } = await applicant();
    const body = { applicationId: application.id, fullName: "Racer" };
    const results = await Promise.all([complete(body, cookie), complete(body, cookie)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const profiles = await app.database.db
      .selectFrom("photographer_profiles")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(profiles).toHaveLength(1);
  });
});
