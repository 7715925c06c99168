import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplication } from "../db/factories.ts";
import { TEST_PASSWORD } from "../test/accounts.ts";
import { applicationStatus } from "../test/applications.ts";
import { adminSession } from "../test/sessions.ts";
import { startTestApp, type TestApp } from "../test/test-app.ts";
import { CROSS_SITE_REFUSAL } from "./cross-site.ts";

// Finding 7 (issue 10): another site's page cannot make a signed-in browser change anything,
// and no GET changes state (docs/decisions/016).

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
});
afterAll(() => app?.close());

const FOREIGN = "https://attacker.example";

const statusOf = (id: string) => applicationStatus(app, id);

/** What a page's <form method="post"> sends: a simple request, no preflight. */
function formPost(path: string, headers: Record<string, string>) {
  return app.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "confirm=1",
  });
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({
    error: { code: "forbidden", message: CROSS_SITE_REFUSAL },
  });
}

describe("cross-site writes", () => {
  it("refuses a form POST to approve from another origin with an admin cookie; the application stays pending", async () => {
    const application = await createApplication(app.database.db);
    const path = `/api/admin/applications/${application.id}/approve`;
    await expectRefused(await formPost(path, { cookie: admin.cookie, origin: FOREIGN }));
    await expectRefused(
      await formPost(path, { cookie: admin.cookie, "sec-fetch-site": "cross-site" }),
    );
    // A sibling subdomain is another site's page too, and so is an opaque origin.
    await expectRefused(
      await formPost(path, { cookie: admin.cookie, "sec-fetch-site": "same-site" }),
    );
    await expectRefused(await formPost(path, { cookie: admin.cookie, origin: "null" }));
    expect(await statusOf(application.id)).toBe("pending");
  });

  it("lets the same POST from the site's own origin through", async () => {
    const application = await createApplication(app.database.db);
    const path = `/api/admin/applications/${application.id}/approve`;
    const response = await formPost(path, {
      cookie: admin.cookie,
      origin: app.url,
      "sec-fetch-site": "same-origin",
    });
    expect(response.status).toBe(200);
    expect(await statusOf(application.id)).toBe("approved");
  });

  it("lets a same-origin browser request without Origin, and a client sending neither, through", async () => {
    const variants: Record<string, string>[] = [{ "sec-fetch-site": "same-origin" }, {}];
    for (const headers of variants) {
      const application = await createApplication(app.database.db);
      const response = await formPost(`/api/admin/applications/${application.id}/open`, {
        cookie: admin.cookie,
        ...headers,
      });
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(await statusOf(application.id)).toBe("under_review");
    }
  });

  it("refuses cross-site uploads, profile-setup completion, deletes and sign-in", async () => {
    const form = new FormData();
    form.append("file", new File([Buffer.from("x")], "a.png", { type: "image/png" }));
    const writes: [string, string, RequestInit][] = [
      ["POST", "/api/applications/sample-images", { body: form }],
      ["POST", "/api/profile-setup/complete", {}],
      ["DELETE", "/api/profile-setup/portfolio/00000000-0000-4000-8000-000000000000", {}],
      [
        "POST",
        "/api/auth/sign-in/email",
        {
          body: JSON.stringify({ email: admin.user.email, password: TEST_PASSWORD }),
          headers: { "content-type": "application/json" },
        },
      ],
    ];
    for (const [method, path, init] of writes) {
      const response = await app.fetch(path, {
        ...init,
        method,
        headers: { ...(init.headers as object), cookie: admin.cookie, origin: FOREIGN },
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it("leaves reads alone: a GET from another origin is answered", async () => {
    const response = await app.fetch("/api/health", { headers: { origin: FOREIGN } });
    expect(response.status).toBe(200);
  });

  it("changes no state on GET: reading an application leaves it pending", async () => {
    const application = await createApplication(app.database.db);
    const response = await app.fetch(`/api/admin/applications/${application.id}`, {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).application.status).toBe("pending");
    expect(await statusOf(application.id)).toBe("pending");
  });
});
