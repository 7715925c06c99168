import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS_PATH } from "../../../contracts/realtime.ts";
import { createApplication, uniqueEmail } from "../../db/factories.ts";
import { applicationStatus } from "../../test/applications.ts";
import { adminSession, jsonRequest, userSession } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let second: Awaited<ReturnType<typeof adminSession>>;
let member: Awaited<ReturnType<typeof userSession>>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
  second = await adminSession(app);
  member = await userSession(app);
});
afterAll(() => app?.close());

const get = (path: string, cookie = admin.cookie) => app.fetch(path, { headers: { cookie } });
const post = (path: string, body?: unknown, cookie = admin.cookie) =>
  app.fetch(path, jsonRequest("POST", body, cookie));
const statusOf = (id: string) => applicationStatus(app, id);
const mailsTo = async (email: string) => {
  await app.deps.jobs.drain();
  return app.database.db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("to_address", "=", email)
    .execute();
};

describe("who may call the admin application routes", () => {
  it("answers 401 without a session and 403 for a signed-in non-admin, on every route", async () => {
    const application = await createApplication(app.database.db);
    const id = application.id;
    const routes: [string, string][] = [
      ["GET", "/api/admin/applications"],
      ["GET", `/api/admin/applications/${id}`],
      ["POST", `/api/admin/applications/${id}/open`],
      ["POST", `/api/admin/applications/${id}/approve`],
      ["POST", `/api/admin/applications/${id}/deny`],
      ["GET", `/api/admin/applications/${id}/sample-images/x/thumb`],
    ];
    for (const [method, path] of routes) {
      const anonymous = await app.fetch(
        path,
        jsonRequest(method, method === "POST" ? {} : undefined),
      );
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const user = await app.fetch(
        path,
        jsonRequest(method, method === "POST" ? {} : undefined, member.cookie),
      );
      expect(user.status, `${method} ${path}`).toBe(403);
    }
    const row = await app.database.db
      .selectFrom("applications")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });
});

describe("GET /api/admin/applications", () => {
  it("pages, filters by status, searches name or email and counts every status", async () => {
    const tag = `zq${Date.now()}`;
    for (let i = 0; i < 23; i++) {
      await createApplication(app.database.db, {
        full_name: `${tag} Person ${i}`,
        status: i < 3 ? "denied" : "pending",
      });
    }
    await createApplication(app.database.db, {
      email: `${tag}-mail@example.test`,
      full_name: "Mail Match",
    });

    const page1 = await (await get(`/api/admin/applications?q=${tag}`)).json();
    expect(page1.total).toBe(24);
    expect(page1.items).toHaveLength(20);
    const page2 = await (await get(`/api/admin/applications?q=${tag}&page=2&pageSize=20`)).json();
    expect(page2.items).toHaveLength(4);
    expect(new Set([...page1.items, ...page2.items].map((i: { id: string }) => i.id)).size).toBe(
      24,
    );

    const denied = await (
      await get(`/api/admin/applications?q=${tag.toUpperCase()}&status=denied`)
    ).json();
    expect(denied.total).toBe(3);
    expect(denied.items.every((i: { status: string }) => i.status === "denied")).toBe(true);

    const byMail = await (await get(`/api/admin/applications?q=${tag}-mail`)).json();
    expect(byMail.items.map((i: { fullName: string }) => i.fullName)).toEqual(["Mail Match"]);

    const counts = page1.counts as { status: string; count: number }[];
    expect(counts.map((c) => c.status)).toEqual([
      "pending",
      "under_review",
      "approved",
      "denied",
      "converted",
    ]);
    expect(counts.find((c) => c.status === "denied")?.count).toBeGreaterThanOrEqual(3);
    expect((await get("/api/admin/applications?q=%25")).status).toBe(200);
    expect((await get("/api/admin/applications?status=bogus")).status).toBe(400);
  });
});

describe("GET /api/admin/applications/:id and POST …/open", () => {
  it("reads an application without changing it: a GET changes no state", async () => {
    const application = await createApplication(app.database.db);
    const response = await get(`/api/admin/applications/${application.id}`);
    expect(response.status).toBe(200);
    const { application: seen } = await response.json();
    expect(seen).toMatchObject({ id: application.id, status: "pending", reviewedBy: null });
    expect(await statusOf(application.id)).toBe("pending");
  });

  it("opening moves a pending application to under_review, recording the admin", async () => {
    const application = await createApplication(app.database.db);
    const response = await post(`/api/admin/applications/${application.id}/open`);
    expect(response.status).toBe(200);
    const { application: seen } = await response.json();
    expect(seen).toMatchObject({ status: "under_review", reviewedBy: admin.user.id });
    // A second admin opening it changes nothing.
    const again = await (
      await post(`/api/admin/applications/${application.id}/open`, undefined, second.cookie)
    ).json();
    expect(again.application).toMatchObject({ status: "under_review", reviewedBy: admin.user.id });
  });

  it("answers 404 for unknown and malformed ids", async () => {
    const unknown = "/api/admin/applications/00000000-0000-4000-8000-000000000000";
    expect((await get(unknown)).status).toBe(404);
    expect((await get("/api/admin/applications/not-a-uuid")).status).toBe(404);
    expect((await post(`${unknown}/open`)).status).toBe(404);
    expect((await post("/api/admin/applications/not-a-uuid/open")).status).toBe(404);
  });
});

describe("approve and deny", () => {
  it("approves from pending, records who and when, and mails the onboarding link", async () => {
    const email = uniqueEmail("approve");
    const application = await createApplication(app.database.db, { email });
    const response = await post(`/api/admin/applications/${application.id}/approve`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.application).toMatchObject({ status: "approved", decidedBy: admin.user.id });
    expect(body.application.decidedAt).toBeTruthy();
    const [mail] = await mailsTo(email);
    expect(mail?.text_body).toContain(`/onboard?application_id=${application.id}`);
  });

  it("denies from under_review with a reason, mailing it; without a reason the mail has none", async () => {
    const email = uniqueEmail("deny");
    const application = await createApplication(app.database.db, { email, status: "under_review" });
    const response = await post(`/api/admin/applications/${application.id}/deny`, {
      reason: "Please add recent work.",
    });
    expect(response.status).toBe(200);
    expect((await response.json()).application).toMatchObject({
      status: "denied",
      denialReason: "Please add recent work.",
    });
    expect((await mailsTo(email))[0]?.text_body).toContain("Please add recent work.");

    const other = uniqueEmail("deny2");
    const plain = await createApplication(app.database.db, { email: other });
    const denied = await app.fetch(`/api/admin/applications/${plain.id}/deny`, {
      method: "POST",
      headers: { cookie: admin.cookie },
    });
    expect(denied.status).toBe(200);
    expect((await denied.json()).application.denialReason).toBeNull();
    expect((await mailsTo(other))[0]?.text_body).not.toContain("Reason");
  });

  it("refuses decisions from approved, denied or converted with a clear error", async () => {
    for (const status of ["approved", "denied", "converted"] as const) {
      const application = await createApplication(app.database.db, { status });
      const response = await post(`/api/admin/applications/${application.id}/approve`);
      expect(response.status).toBe(409);
      expect((await response.json()).error.message).toContain(`already ${status}`);
    }
  });

  it("lets only one of two admins acting at once decide", async () => {
    const email = uniqueEmail("race");
    const application = await createApplication(app.database.db, { email });
    const [a, b] = await Promise.all([
      post(`/api/admin/applications/${application.id}/approve`, undefined, admin.cookie),
      post(`/api/admin/applications/${application.id}/deny`, { reason: "no" }, second.cookie),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect((await loser.json()).error.message).toMatch(/already (approved|denied)/);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("leaves the decision undone when its mail cannot be queued", async () => {
    const application = await createApplication(app.database.db);
    const { mailer } = app.deps;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error("queue unavailable");
    };
    try {
      const response = await post(`/api/admin/applications/${application.id}/approve`);
      expect(response.status).toBe(500);
    } finally {
      mailer.send = send;
    }
    const row = await app.database.db
      .selectFrom("applications")
      .select("status")
      .where("id", "=", application.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });

  it("answers 404 for an unknown application", async () => {
    const response = await post(
      "/api/admin/applications/00000000-0000-4000-8000-000000000000/approve",
    );
    expect(response.status).toBe(404);
  });
});

describe("live changes", () => {
  it("streams an event to admins when an application changes", async () => {
    const application = await createApplication(app.database.db);
    const controller = new AbortController();
    const stream = await app.fetch(EVENTS_PATH, {
      headers: { cookie: admin.cookie },
      signal: controller.signal,
    });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await readUntil("event: ready");
    await post(`/api/admin/applications/${application.id}/approve`);
    await readUntil(application.id);
    expect(text).toContain("event: application_changed");
    expect(text).toContain(`"status":"approved"`);
    controller.abort();
  });
});
