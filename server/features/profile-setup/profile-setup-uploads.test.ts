import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageUrl } from "../../../contracts/media.ts";
import { adminSession, jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { form, newCreator, photo } from "./uploads-test-helpers.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const upload = (cookie: string, path: string, body: FormData) =>
  app.fetch(path, { method: "POST", headers: { cookie }, body });

describe("portfolio uploads", () => {
  it("uploads several images, strips location, reorders (first is the cover) and deletes", async () => {
    const { cookie } = await newCreator(app);
    const response = await upload(
      cookie,
      "/api/profile-setup/portfolio",
      form("files", [
        [await photo("#111"), "a.jpg", "image/jpeg"],
        [await photo("#222"), "b.jpg", "image/jpeg"],
        [await photo("#333"), "c.jpg", "image/jpeg"],
      ]),
    );
    expect(response.status).toBe(200);
    const { portfolio } = await response.json();
    expect(portfolio).toHaveLength(3);
    const thumb = await app.fetch(imageUrl(portfolio[0].imageKey, "thumb"));
    expect(thumb.status).toBe(200);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.width).toBe(400);
    expect(meta.exif).toBeUndefined();

    const reversed = portfolio.map((p: { id: string }) => p.id).reverse();
    const reordered = await (
      await app.fetch(
        "/api/profile-setup/portfolio/order",
        jsonRequest("PUT", { ids: reversed }, cookie),
      )
    ).json();
    expect(reordered.portfolio.map((p: { id: string }) => p.id)).toEqual(reversed);
    expect(
      (
        await app.fetch(
          "/api/profile-setup/portfolio/order",
          jsonRequest("PUT", { ids: reversed.slice(1) }, cookie),
        )
      ).status,
    ).toBe(400);

    const removed = await (
      await app.fetch(`/api/profile-setup/portfolio/${reversed[0]}`, {
        method: "DELETE",
        headers: { cookie },
      })
    ).json();
    expect(removed.portfolio).toHaveLength(2);
    expect((await app.fetch(imageUrl(portfolio[2].imageKey, "thumb"))).status).toBe(404);
  });

  it("refuses non-images, lying names and oversized files, and others' images", async () => {
    const { cookie } = await newCreator(app);
    const other = await newCreator(app);
    const text = await upload(
      cookie,
      "/api/profile-setup/portfolio",
      form("files", [[Buffer.from("hello"), "a.txt", "text/plain"]]),
    );
    expect(text.status).toBe(400);
    const liar = await upload(
      cookie,
      "/api/profile-setup/portfolio",
      form("files", [[Buffer.from("%PDF-1.4 x"), "cat.jpg", "image/jpeg"]]),
    );
    expect(liar.status).toBe(400);
    expect((await liar.json()).error.message).toBe("File is not an image");
    const huge = await upload(
      cookie,
      "/api/profile-setup/portfolio",
      form("files", [[Buffer.alloc(15 * 1024 * 1024 + 1), "big.jpg", "image/jpeg"]]),
    );
    expect(huge.status).toBe(413);

    const mine = await (
      await upload(
        cookie,
        "/api/profile-setup/portfolio",
        form("files", [[await photo(), "a.jpg", "image/jpeg"]]),
      )
    ).json();
    const theirs = await app.fetch(`/api/profile-setup/portfolio/${mine.portfolio[0].id}`, {
      method: "DELETE",
      headers: { cookie: other.cookie },
    });
    expect(theirs.status).toBe(404);
  });
});

describe("verification and insurance documents", () => {
  it("stores PDFs and images privately, visible to the creator and staff only", async () => {
    const { cookie } = await newCreator(app);
    const stranger = await newCreator(app);
    const pdf = await upload(
      cookie,
      "/api/profile-setup/documents",
      form("file", [[Buffer.from("%PDF-1.4\n%%EOF"), "license.pdf", "application/pdf"]], {
        kind: "verification",
      }),
    );
    expect(pdf.status).toBe(200);
    const image = await upload(
      cookie,
      "/api/profile-setup/documents",
      form("file", [[await photo(), "policy.jpg", "image/jpeg"]], { kind: "insurance" }),
    );
    const { documents } = await image.json();
    expect(documents.map((d: { kind: string }) => d.kind)).toEqual(["verification", "insurance"]);
    const [doc] = documents;

    const own = await app.fetch(doc.url, { headers: { cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect((await app.fetch(doc.url)).status).toBe(401);
    expect((await app.fetch(doc.url, { headers: { cookie: stranger.cookie } })).status).toBe(403);
    const admin = await adminSession(app);
    expect((await app.fetch(doc.url, { headers: { cookie: admin.cookie } })).status).toBe(200);
    expect((await app.fetch(`/media/${doc.url}`)).status).toBe(404);

    const deleted = await app.fetch(`/api/profile-setup/documents/${doc.id}`, {
      method: "DELETE",
      headers: { cookie },
    });
    expect((await deleted.json()).documents).toHaveLength(1);
    expect((await app.fetch(doc.url, { headers: { cookie } })).status).toBe(404);
  });

  it("refuses other file types, lying names, oversized files and unknown kinds", async () => {
    const { cookie } = await newCreator(app);
    const exe = await upload(
      cookie,
      "/api/profile-setup/documents",
      form("file", [[Buffer.from("MZ\x90\x00"), "scan.pdf", "application/pdf"]], {
        kind: "verification",
      }),
    );
    expect(exe.status).toBe(400);
    const big = await upload(
      cookie,
      "/api/profile-setup/documents",
      form(
        "file",
        [
          [
            Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(10 * 1024 * 1024)]),
            "big.pdf",
            "application/pdf",
          ],
        ],
        { kind: "verification" },
      ),
    );
    expect(big.status).toBe(413);
    const kind = await upload(
      cookie,
      "/api/profile-setup/documents",
      form("file", [[Buffer.from("%PDF-1.4"), "a.pdf", "application/pdf"]], { kind: "tax" }),
    );
    expect(kind.status).toBe(400);
  });
});
