import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../../test/accounts.ts";
import { jsonRequest, userSession } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { decryptSecret } from "./payment-crypto.ts";
import { form, newCreator } from "./uploads-test-helpers.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const saveStep = (cookie: string, body: unknown) =>
  app.fetch("/api/profile-setup/draft", jsonRequest("PUT", body, cookie));
const load = async (cookie: string) =>
  (await app.fetch("/api/profile-setup", { headers: { cookie } })).json();

describe("who may use profile setup", () => {
  it("answers 401 without a session and 403 without an approved profile, on every route", async () => {
    const member = await userSession(app);
    const unapproved = await newCreator(app, false);
    const calls: [string, string, () => BodyInit | undefined][] = [
      ["GET", "/api/profile-setup", () => undefined],
      ["PUT", "/api/profile-setup/draft", () => JSON.stringify({ step: 1, fullName: "X" })],
      ["POST", "/api/profile-setup/complete", () => undefined],
      [
        "POST",
        "/api/profile-setup/portfolio",
        () => form("files", [[Buffer.from("x"), "a.jpg", "image/jpeg"]]),
      ],
      ["PUT", "/api/profile-setup/portfolio/order", () => JSON.stringify({ ids: [] })],
      [
        "DELETE",
        "/api/profile-setup/portfolio/00000000-0000-4000-8000-000000000000",
        () => undefined,
      ],
      [
        "POST",
        "/api/profile-setup/documents",
        () =>
          form("file", [[Buffer.from("%PDF-1.4"), "a.pdf", "application/pdf"]], {
            kind: "insurance",
          }),
      ],
      [
        "DELETE",
        "/api/profile-setup/documents/00000000-0000-4000-8000-000000000000",
        () => undefined,
      ],
    ];
    for (const [method, path, body] of calls) {
      const b = body();
      const headers: Record<string, string> =
        typeof b === "string" ? { "content-type": "application/json" } : {};
      const anonymous = await app.fetch(path, { method, headers, body: b });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      for (const who of [member, unapproved]) {
        const response = await app.fetch(path, {
          method,
          headers: { ...headers, cookie: who.cookie },
          body: body(),
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        // Loading says why: nothing to verify, or not approved yet (spec §8's two messages).
        expect((await response.json()).error.message).toBe(
          who === member && method === "GET"
            ? "Unable to verify your photographer profile."
            : "You need an approved photographer profile to access profile setup.",
        );
      }
    }
  });
});

describe("saving the five steps", () => {
  it("saves every field of every step and returns it on the next visit", async () => {
    const { cookie, user } = await newCreator(app);
    expect(
      (
        await saveStep(cookie, {
          step: 1,
          fullName: "Pia Pixel",
          businessName: "Pixel Co",
          bio: "Light.",
          phone: "305-555-0101",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await saveStep(cookie, {
          step: 2,
          specialties: ["Wedding", "Food", "Wedding"],
          equipment: ["Drone", "Drone", "Tripods"],
          experience: "advanced",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await saveStep(cookie, {
          step: 3,
          hourlyRateCents: 12_500,
          packageServices: "2h package",
          travelRadius: 50,
          serviceLocation: "Miami Beach, FL",
          travelFeeCents: 2_000,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await saveStep(cookie, {
          step: 4,
          paymentMethod: "paypal",
          payoutEmail: "PIA@Example.com",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await saveStep(cookie, {
          step: 5,
          insurance: "Acme liability $1M",
          references: "Jo, 305-555-0102",
        })
      ).status,
    ).toBe(200);

    const { profile } = await load(cookie);
    expect(profile).toMatchObject({
      fullName: "Pia Pixel",
      businessName: "Pixel Co",
      bio: "Light.",
      phone: "305-555-0101",
      specialties: ["Wedding", "Food"],
      equipment: ["Drone", "Tripods"],
      experience: "advanced",
      hourlyRateCents: 12_500,
      packageServices: "2h package",
      travelRadius: 50,
      serviceLocation: "Miami Beach, FL",
      travelFeeCents: 2_000,
      paymentMethod: "paypal",
      payoutEmail: "pia@example.com",
      insurance: "Acme liability $1M",
      references: "Jo, 305-555-0102",
      setupStep: 5,
      completionPercent: 80,
      isComplete: false,
      located: true,
    });
    const row = await app.database.db
      .selectFrom("photographer_profiles")
      .select(["base_lat", "base_lng"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.base_lat).toBeCloseTo(25.79, 0);
  });

  it("rejects values outside the spec's lists", async () => {
    const { cookie } = await newCreator(app);
    expect((await saveStep(cookie, { step: 2, specialties: ["Underwater"] })).status).toBe(400);
    expect((await saveStep(cookie, { step: 3, travelRadius: 30 })).status).toBe(400);
    expect((await saveStep(cookie, { step: 4, paymentMethod: "cash" })).status).toBe(400);
    expect((await saveStep(cookie, { step: 6 })).status).toBe(400);
    expect((await saveStep(cookie, { step: 1, fullName: "" })).status).toBe(400);
  });

  it("never stores bank or tax numbers in the clear, keeping only what payouts need", async () => {
    const { cookie, user } = await newCreator(app);
    const response = await saveStep(cookie, {
      step: 4,
      paymentMethod: "direct_deposit",
      bankRouting: "021000021",
      bankAccount: "123456789012",
      taxId: "12-3456789",
      payoutEmail: "ignored@example.com",
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain("123456789012");
    expect(body).not.toContain("3456789");
    expect(JSON.parse(body).profile).toMatchObject({
      bankAccountLast4: "9012",
      hasTaxId: true,
      payoutEmail: null,
    });

    const row = await app.database.db
      .selectFrom("photographer_profiles")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain("123456789012");
    expect(JSON.stringify(row)).not.toContain("021000021");
    const key = app.deps.config.paymentDataKey;
    expect(JSON.parse(decryptSecret(row.bank_account_encrypted!, key))).toEqual({
      routing: "021000021",
      account: "123456789012",
    });
    expect(decryptSecret(row.tax_id_encrypted!, key)).toBe("123456789");

    // Switching to PayPal (a change of payout details: the password again) drops the bank data.
    const switched = await saveStep(cookie, {
      step: 4,
      paymentMethod: "paypal",
      payoutEmail: "me@example.com",
      currentPassword: TEST_PASSWORD,
    });
    expect(switched.status).toBe(200);
    const after = await app.database.db
      .selectFrom("photographer_profiles")
      .select(["bank_account_encrypted", "bank_account_last4", "tax_id_encrypted"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ bank_account_encrypted: null, bank_account_last4: null });
    expect(after.tax_id_encrypted).not.toBeNull();

    expect(
      (await saveStep(cookie, { step: 4, paymentMethod: "direct_deposit", bankAccount: "1234" }))
        .status,
    ).toBe(400);
    expect((await saveStep(cookie, { step: 4, paymentMethod: "paypal" })).status).toBe(400);
  });
});

describe("completing setup", () => {
  it("needs the required fields and a location search can use, then publishes", async () => {
    const { cookie } = await newCreator(app);
    const early = await app.fetch("/api/profile-setup/complete", {
      method: "POST",
      headers: { cookie },
    });
    expect(early.status).toBe(400);
    expect((await early.json()).error.message).toContain("professional bio");

    await saveStep(cookie, { step: 1, fullName: "Done Dee", bio: "Bio", phone: "1" });
    await saveStep(cookie, {
      step: 3,
      hourlyRateCents: 10_000,
      travelRadius: 25,
      serviceLocation: "Nowhere Land",
    });
    const unlocated = await app.fetch("/api/profile-setup/complete", {
      method: "POST",
      headers: { cookie },
    });
    expect(unlocated.status).toBe(400);
    expect((await unlocated.json()).error.message).toContain("ZIP");

    await saveStep(cookie, {
      step: 3,
      hourlyRateCents: 10_000,
      travelRadius: 25,
      serviceLocation: "33139",
    });
    const done = await app.fetch("/api/profile-setup/complete", {
      method: "POST",
      headers: { cookie },
    });
    expect(done.status).toBe(200);
    expect((await done.json()).profile).toMatchObject({
      isComplete: true,
      completionPercent: 100,
      isPublished: true,
    });
  });
});
