import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApplication, uniqueEmail } from "../../db/factories.ts";
import { DAMAGED_IMAGE_MESSAGE, truncatedImages } from "../../test/broken-images.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
// Every test here calls from one address: each starts with fresh rate-limit counters.
beforeEach(() => app.database.db.deleteFrom("auth_attempts").execute());

const submit = (body: unknown, key?: string) =>
  app.fetch(
    "/api/applications",
    jsonRequest("POST", body, undefined, key ? { "X-Idempotency-Key": key } : {}),
  );
const key = () => crypto.randomUUID();
const countFor = async (email: string) =>
  (
    await app.database.db
      .selectFrom("applications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "=", email)
      .executeTakeFirstOrThrow()
  ).n;

describe("POST /api/applications", () => {
  it("saves an application, mails the applicant and notifies admins", async () => {
    const email = uniqueEmail("apply");
    const response = await submit(
      {
        fullName: "Ana Lens",
        email: email.toUpperCase(),
        phone: "305-555-0100",
        city: "Miami, FL",
        portfolioUrl: "https://ana.example.com",
        experienceLevel: "advanced",
        specialties: ["Portrait", "Wedding", "Portrait"],
        aboutMe: "Portraits by the sea.",
        travelRadius: 25,
      },
      key(),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ application: { id: expect.any(String), status: "pending" } });
    const row = await app.database.db
      .selectFrom("applications")
      .selectAll()
      .where("id", "=", body.application.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email, specialties: ["Portrait", "Wedding"], travel_radius: 25 });
    await app.deps.jobs.drain();
    const mail = await app.database.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain("application");
    const note = await app.database.db
      .selectFrom("admin_notifications")
      .selectAll()
      .where("link", "=", `/admin/applications/${body.application.id}`)
      .executeTakeFirst();
    expect(note?.body).toContain("Ana Lens");
  });

  it("requires a full name and a valid email, and a URL for the portfolio", async () => {
    const bad = [
      [{ email: uniqueEmail() }, "fullName"],
      [{ fullName: "  ", email: uniqueEmail() }, "Full name is required"],
      [{ fullName: "A", email: "not-an-email" }, "Enter a valid email address"],
      [{ fullName: "A", email: uniqueEmail(), portfolioUrl: "my site" }, "Enter a valid URL"],
      [{ fullName: "A", email: uniqueEmail(), travelRadius: 2.5 }, "travelRadius"],
      [{ fullName: "A", email: uniqueEmail(), experienceLevel: "guru" }, "experienceLevel"],
    ] as const;
    for (const [body, message] of bad) {
      const response = await submit(body, key());
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toContain(message);
    }
  });

  it("replays the first response for the same key and body, creating nothing", async () => {
    const email = uniqueEmail("replay");
    const k = key();
    const body = { fullName: "Rae Play", email };
    const first = await submit(body, k);
    const second = await submit({ email, fullName: "Rae Play" }, k);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect(await countFor(email)).toBe(1);
  });

  it("refuses the same key with a different body", async () => {
    const k = key();
    expect((await submit({ fullName: "One", email: uniqueEmail() }, k)).status).toBe(201);
    const response = await submit({ fullName: "Two", email: uniqueEmail() }, k);
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toMatch(/idempotency key/i);
  });

  it("makes one application from a double click (two concurrent requests, one key)", async () => {
    const email = uniqueEmail("double");
    const k = key();
    const body = { fullName: "Dub Click", email };
    const responses = await Promise.all([submit(body, k), submit(body, k)]);
    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    const [a, b] = await Promise.all(responses.map((r) => r.json()));
    expect(a).toEqual(b);
    expect(await countFor(email)).toBe(1);
  });

  it("refuses a malformed idempotency key", async () => {
    const response = await submit({ fullName: "K", email: uniqueEmail() }, "bad key!");
    expect(response.status).toBe(400);
  });

  it("refuses a second open application for one address, but lets a denied applicant apply again", async () => {
    const email = uniqueEmail("again");
    expect((await submit({ fullName: "First", email }, key())).status).toBe(201);
    const second = await submit({ fullName: "Second", email: email.toUpperCase() }, key());
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toContain("already open");

    const deniedEmail = uniqueEmail("denied");
    await createApplication(app.database.db, { email: deniedEmail, status: "denied" });
    expect((await submit({ fullName: "Back", email: deniedEmail }, key())).status).toBe(201);
  });

  it("saves the application and its confirmation mail together, or neither", async () => {
    const { mailer } = app.deps;
    const send = mailer.send;
    const queuedMailsTo = async (email: string) => {
      const { rows } = await app.database.pool.query(
        "select id from pgboss.job where name = 'mail.send' and data->>'to' = $1",
        [email],
      );
      return rows.length;
    };
    const applicationsFor = async (email: string) =>
      (
        await app.database.db
          .selectFrom("applications")
          .select("id")
          .where("email", "=", email)
          .execute()
      ).length;

    // The mail is queued, then the change fails: the rollback takes the mail job with it.
    const rolledBack = uniqueEmail("rollback");
    mailer.send = async (mail, executor) => {
      await send(mail, executor);
      throw new Error("failure after the mail was queued");
    };
    try {
      expect((await submit({ fullName: "Roll Back", email: rolledBack }, key())).status).toBe(500);
    } finally {
      mailer.send = send;
    }
    expect(await applicationsFor(rolledBack)).toBe(0);
    expect(await queuedMailsTo(rolledBack)).toBe(0);

    // The mail cannot be queued: the application is not saved either.
    const unqueued = uniqueEmail("unqueued");
    mailer.send = async () => {
      throw new Error("queue unavailable");
    };
    try {
      expect((await submit({ fullName: "No Queue", email: unqueued }, key())).status).toBe(500);
    } finally {
      mailer.send = send;
    }
    expect(await applicationsFor(unqueued)).toBe(0);

    const committed = uniqueEmail("committed");
    expect((await submit({ fullName: "Kept", email: committed }, key())).status).toBe(201);
    expect(await applicationsFor(committed)).toBe(1);
    expect(await queuedMailsTo(committed)).toBe(1);
  });
});

describe("sample images", () => {
  const upload = (data: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)], { type }), name);
    return app.fetch("/api/applications/sample-images", { method: "POST", body: form });
  };

  it("stores an image privately and attaches it to the application", async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: "#fa0" },
    })
      .png()
      .toBuffer();
    const uploaded = await upload(png, "sample.png", "image/png");
    expect(uploaded.status).toBe(201);
    const { key: imageKey } = await uploaded.json();
    expect(imageKey).toMatch(/^private\/application-samples\//);
    expect((await app.fetch(`/media/${imageKey}/thumb.webp`)).status).toBe(404);

    const email = uniqueEmail("samples");
    const response = await submit({ fullName: "Sam Ple", email, sampleImages: [imageKey] }, key());
    expect(response.status).toBe(201);
  });

  it("refuses non-images, files whose name lies, and oversized files", async () => {
    const text = await upload(Buffer.from("just text"), "notes.txt", "text/plain");
    expect(text.status).toBe(400);
    const liar = await upload(Buffer.from("%PDF-1.7 not a photo"), "photo.jpg", "image/jpeg");
    expect(liar.status).toBe(400);
    expect((await liar.json()).error.message).toBe("File is not an image");
    const huge = await upload(Buffer.alloc(15 * 1024 * 1024 + 1, 1), "big.jpg", "image/jpeg");
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toBe("Image is too large (15 MB at most)");
  });

  it("refuses truncated images with 400", async () => {
    for (const [data, name, type] of await truncatedImages()) {
      const response = await upload(data, name, type);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(DAMAGED_IMAGE_MESSAGE);
    }
  });

  it("refuses sample keys that were never uploaded", async () => {
    const response = await submit(
      {
        fullName: "Ghost",
        email: uniqueEmail(),
        sampleImages: ["private/application-samples/00000000-0000-4000-8000-000000000000"],
      },
      key(),
    );
    expect(response.status).toBe(400);
    const other = await submit(
      { fullName: "Ghost", email: uniqueEmail(), sampleImages: ["public/portfolio/x/y"] },
      key(),
    );
    expect(other.status).toBe(400);
  });
});

describe("rate limits on the public application endpoints", () => {
  it("refuses an address past its limit with 429, the wait and Retry-After; other addresses go on", async () => {
    const proxied = await startTestApp({ TRUST_PROXY: "true" });
    try {
      const from = (ip: string) => ({ "X-Forwarded-For": ip });
      const apply = (ip: string) =>
        proxied.fetch("/api/applications", jsonRequest("POST", {}, undefined, from(ip)));
      const upload = (ip: string) =>
        proxied.fetch("/api/applications/sample-images", {
          method: "POST",
          headers: from(ip),
          body: new FormData(),
        });
      // Refused requests count too: a script gets nowhere by sending rubbish.
      for (let i = 0; i < 20; i++) expect((await apply("203.0.113.7")).status).toBe(400);
      const refused = await apply("203.0.113.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
      expect(await refused.json()).toEqual({
        error: {
          code: "rate_limited",
          message: "Too many attempts. Please wait 60 minutes and try again.",
        },
      });
      expect((await apply("198.51.100.4")).status).toBe(400);

      for (let i = 0; i < 60; i++) expect((await upload("203.0.113.7")).status).toBe(400);
      expect((await upload("203.0.113.7")).status).toBe(429);
      expect((await upload("198.51.100.4")).status).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});
