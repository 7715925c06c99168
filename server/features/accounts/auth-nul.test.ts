import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, testEmail } from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

// Found by hand while fuzzing: a NUL in an email reached PostgreSQL through Better Auth (500).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const post = (path: string, body: unknown) =>
  app.fetch(`/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify(body),
  });

describe("the NUL character in auth bodies", () => {
  it("is refused with 400 on sign-up and sign-in, and no account is made", async () => {
    const email = `${testEmail("nul")}\u0000`;
    const signUp = await post("/sign-up/email", { email, password: TEST_PASSWORD, name: "Nul" });
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject({
      message: "email: Text must not contain the NUL character",
    });
    const signIn = await post("/sign-in/email", { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(400);
    const named = await post("/sign-up/email", {
      email: testEmail("nul-name"),
      password: TEST_PASSWORD,
      name: "a\u0000b",
    });
    expect(named.status).toBe(400);
    const users = await app.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "like", "%nul%")
      .execute();
    expect(users).toEqual([]);
  });
});
