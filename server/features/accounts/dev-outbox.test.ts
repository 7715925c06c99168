import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEmail } from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("development outbox page", () => {
  it("escapes a mail's subject, text and links, and the filter, so nothing becomes markup", async () => {
    const to = testEmail("escape");
    await app.deps.mailer.send({
      to,
      subject: `Quotes " ' and <img src=x onerror=alert(1)>`,
      text: `Open https://example.test/a"onmouseover="alert(1)"<b>bold</b> or https://example.test/ok?x=1&y='2' now`,
    });
    await app.deps.jobs.drain();
    const page = await (await app.fetch(`/dev/outbox?to=${encodeURIComponent(to)}`)).text();
    expect(page).not.toContain("<img");
    expect(page).not.toContain("<b>");
    expect(page).not.toMatch(/"onmouseover=/);
    expect(page).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(page).toContain('<a href="https://example.test/a">https://example.test/a</a>');
    expect(page).toContain(
      '<a href="https://example.test/ok?x=1&amp;y=">https://example.test/ok?x=1&amp;y=</a>',
    );

    const filter = `"><script>alert(1)</script>`;
    const filtered = await (await app.fetch(`/dev/outbox?to=${encodeURIComponent(filter)}`)).text();
    expect(filtered).not.toContain("<script>alert(1)");
  });
});

describe("development outbox access", () => {
  it("answers a client on this machine and nobody else (404, as in production)", async () => {
    expect((await app.fetch("/api/dev/outbox")).status).toBe(200);
    expect((await app.fetch("/dev/outbox")).status).toBe(200);

    // Behind a proxy the client is the address the proxy reports.
    const proxied = await startTestApp({ TRUST_PROXY: "true" });
    try {
      const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
      for (const remote of ["203.0.113.9", "10.0.0.5", "2001:db8::1"]) {
        expect((await proxied.fetch("/api/dev/outbox", from(remote))).status).toBe(404);
        expect((await proxied.fetch("/dev/outbox", from(remote))).status).toBe(404);
      }
      for (const local of ["127.0.0.1", "::1"]) {
        expect((await proxied.fetch("/api/dev/outbox", from(local))).status).toBe(200);
      }
    } finally {
      await proxied.close();
    }
  }, 60_000);
});
