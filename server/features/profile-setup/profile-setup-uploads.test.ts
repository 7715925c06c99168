import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_SIZES, imageUrl } from "../../../contracts/media.ts";
import { PORTFOLIO_MAX_ITEMS } from "../../../contracts/profile-setup.ts";
import { DAMAGED_IMAGE_MESSAGE, truncatedImages } from "../../test/broken-images.ts";
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

/** The stored images (one folder each) under a creator's portfolio prefix on disk. */
function storedPortfolioImages(userId: string): string[] {
  const folder = path.join(app.deps.config.dataDir, "uploads", "public", "portfolio", userId);
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

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
  it("refuses truncated images with 400", async () => {
    const { cookie, user } = await newCreator(app);
    for (const file of await truncatedImages()) {
      const response = await upload(cookie, "/api/profile-setup/portfolio", form("files", [file]));
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(DAMAGED_IMAGE_MESSAGE);
    }
    expect(storedPortfolioImages(user.id)).toEqual([]);
  });

  it("keeps to the 40-image limit when 45 uploads arrive at once", async () => {
    const { cookie, user } = await newCreator(app);
    const image = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#5a5" },
    })
      .jpeg()
      .toBuffer();
    const responses = await Promise.all(
      Array.from({ length: PORTFOLIO_MAX_ITEMS + 5 }, () =>
        upload(
          cookie,
          "/api/profile-setup/portfolio",
          form("files", [[image, "a.jpg", "image/jpeg"]]),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PORTFOLIO_MAX_ITEMS);
    for (const refused of responses.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toBe(
        `A portfolio holds at most ${PORTFOLIO_MAX_ITEMS} images`,
      );
    }
    const rows = await app.database.db
      .selectFrom("portfolio_items")
      .select("image_path")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toHaveLength(PORTFOLIO_MAX_ITEMS);
    // Refused uploads leave no files behind.
    expect(storedPortfolioImages(user.id)).toHaveLength(PORTFOLIO_MAX_ITEMS);
  });

  it("deletes the files before the row: a failed file delete keeps the image listed", async () => {
    const { cookie, user } = await newCreator(app);
    const uploaded = await upload(
      cookie,
      "/api/profile-setup/portfolio",
      form("files", [[await photo(), "a.jpg", "image/jpeg"]]),
    );
    const [item] = (await uploaded.json()).portfolio;
    const remove = () =>
      app.fetch(`/api/profile-setup/portfolio/${item.id}`, {
        method: "DELETE",
        headers: { cookie },
      });

    const { storage } = app.deps;
    const deletePrefix = storage.deletePrefix;
    storage.deletePrefix = async () => {
      throw new Error("storage unavailable");
    };
    try {
      expect((await remove()).status).toBe(500);
    } finally {
      storage.deletePrefix = deletePrefix;
    }
    const kept = await app.fetch("/api/profile-setup", { headers: { cookie } });
    expect((await kept.json()).portfolio.map((p: { id: string }) => p.id)).toEqual([item.id]);

    expect((await remove()).status).toBe(200);
    const row = await app.database.db
      .selectFrom("portfolio_items")
      .select("id")
      .where("id", "=", item.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    for (const size of Object.keys(IMAGE_SIZES)) {
      expect(await storage.get(`${item.image_key}/${size}.webp`)).toBeNull();
    }
    expect(storedPortfolioImages(user.id)).toEqual([]);
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
    // Downloaded, never rendered in the site's origin; sandboxed if a browser opens it anyway.
    expect(own.headers.get("content-disposition")).toBe('attachment; filename="license.pdf"');
    expect(own.headers.get("content-security-policy")).toBe("sandbox");
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

  it("refuses truncated images with 400", async () => {
    const { cookie } = await newCreator(app);
    for (const file of await truncatedImages()) {
      const response = await upload(
        cookie,
        "/api/profile-setup/documents",
        form("file", [file], { kind: "insurance" }),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(DAMAGED_IMAGE_MESSAGE);
    }
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
