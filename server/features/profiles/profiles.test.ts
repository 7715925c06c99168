import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INITIAL_API_DATA_ELEMENT_ID } from "../../../contracts/constants.ts";
import { imageSrcSet } from "../../../contracts/media.ts";
import {
  type PortfolioPage,
  type PublicProfile,
  publicProfileApiPath,
} from "../../../contracts/profiles.ts";
import {
  createBooking,
  createCreator,
  createPortfolioItems,
  createReview,
  createUser,
} from "../../db/factories.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

let app: TestApp;
let creator: Awaited<ReturnType<typeof createCreator>>;
let itemIds: string[];
beforeAll(async () => {
  app = await startTestApp();
  creator = await createCreator(app.database.db, {
    fullName: "Ava <Lens> & Co",
    type: "videographer",
    specialties: ["Wedding", "Videography"],
    city: "Miami, FL",
    hourlyRateCents: 18_000,
    bio: "Films weddings.",
  });
  const items = await createPortfolioItems(
    app.database.db,
    Array.from({ length: 20 }, (_, i) => ({
      userId: creator.user.id,
      imagePath: `public/portfolio/test/${String(i).padStart(2, "0")}`,
      sortOrder: i,
      caption: `Shot ${i}`,
    })),
  );
  itemIds = items.map((i) => i.id);
  await createReview(app.database.db, {
    creatorProfileId: creator.profile.id,
    rating: 5,
    authorName: "Mia",
  });
  await createReview(app.database.db, {
    creatorProfileId: creator.profile.id,
    rating: 4,
    authorName: "Leo",
  });
  await createBooking(app.database.db, {
    creatorProfileId: creator.profile.id,
    status: "completed",
  });
  await createBooking(app.database.db, {
    creatorProfileId: creator.profile.id,
    status: "confirmed",
  });
});
afterAll(() => app?.close());

async function signIn(): Promise<string> {
  const user = await createUser(app.database.db, {
    password: "correct-horse-battery",
    name: "Fan",
  });
  const response = await app.fetch("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ email: user.email, password: "correct-horse-battery" }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const send = (path: string, method: string, cookie?: string, body?: unknown) =>
  app.fetch(path, {
    method,
    headers: {
      Origin: app.url,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("public profile", () => {
  it("returns everything the page shows, computed from the database", async () => {
    const response = await app.fetch(`/api/creators/${creator.profile.id}`);
    expect(response.status).toBe(200);
    const profile = (await response.json()) as PublicProfile;
    expect(profile).toMatchObject({
      name: "Ava <Lens> & Co",
      specialty: "Wedding",
      type: "videographer",
      city: "Miami, FL",
      bio: "Films weddings.",
      hourlyRateCents: 18_000,
      rating: 4.5,
      reviewCount: 2,
      jobsCompleted: 1,
      portfolioCount: 20,
      coverKey: "public/portfolio/test/00",
    });
    expect(profile.gallery).toHaveLength(18);
    expect(profile.reviews.map((r) => r.author).sort()).toEqual(["Leo", "Mia"]);
  });

  it("is 404 for unpublished, unapproved and unknown creators, in the API and the page", async () => {
    const unpublished = await createCreator(app.database.db, { published: false });
    const unapproved = await createCreator(app.database.db, { approved: false });
    for (const id of [unpublished.profile.id, unapproved.profile.id, crypto.randomUUID()]) {
      expect((await app.fetch(`/api/creators/${id}`)).status).toBe(404);
      expect((await app.fetch(`/api/creators/${id}/portfolio`)).status).toBe(404);
      expect((await app.fetch(`/p/${id}`)).status).toBe(404);
    }
    expect((await app.fetch("/api/creators/not-a-uuid")).status).toBe(404);
    expect((await app.fetch("/p/not-a-uuid")).status).toBe(404);
    const [hiddenItem] = await createPortfolioItems(app.database.db, [
      { userId: unpublished.user.id, imagePath: "public/portfolio/hidden/0" },
    ]);
    expect((await app.fetch(`/api/portfolio/${hiddenItem!.id}/comments`)).status).toBe(404);
  });

  it("sends the title, description, canonical link and Open Graph tags in the server's HTML, escaped", async () => {
    const response = await app.fetch(`/p/${creator.profile.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      "<title>Ava &lt;Lens&gt; &amp; Co Profile | Find a Photographer</title>",
    );
    expect(html).toMatch(
      /<meta name="description" content="Ava &lt;Lens&gt; &amp; Co, videographer/,
    );
    expect(html).toContain(`<link rel="canonical" href="${app.url}/p/${creator.profile.id}" />`);
    expect(html).toContain(`<meta property="og:image" content="${app.url}/media/`);
    expect(html).toContain("/media/public/portfolio/test/00/large.webp");
    expect(html).not.toContain("<Lens>");
  });

  it("sends the profile the page shows inside its HTML, the same as the API's, script-safe", async () => {
    const html = await (await app.fetch(`/p/${creator.profile.id}`)).text();
    const embedded = new RegExp(
      `<script type="application/json" id="${INITIAL_API_DATA_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(html);
    expect(embedded).not.toBeNull();
    const api = await (await app.fetch(`/api${publicProfileApiPath(creator.profile.id)}`)).json();
    expect(JSON.parse(embedded![1]!)).toEqual({ [publicProfileApiPath(creator.profile.id)]: api });
    // The cover is fetched with the document, in the sizes the page's <img> asks for.
    expect(html).toContain(`imagesrcset="${imageSrcSet("public/portfolio/test/00")}"`);
  });

  it("pages the portfolio 9 at a time", async () => {
    const page = async (n: number) =>
      (await (
        await app.fetch(`/api/creators/${creator.profile.id}/portfolio?page=${n}`)
      ).json()) as PortfolioPage;
    const [one, three] = [await page(1), await page(3)];
    expect(one).toMatchObject({ page: 1, pageCount: 3, total: 20 });
    expect(one.items).toHaveLength(9);
    expect(three.items.map((i) => i.caption)).toEqual(["Shot 18", "Shot 19"]);
    expect((await app.fetch(`/api/creators/${creator.profile.id}/portfolio?page=0`)).status).toBe(
      400,
    );
  });
});

describe("likes and comments", () => {
  it("needs a session to like or comment", async () => {
    const item = itemIds[0];
    expect((await send(`/api/portfolio/${item}/like`, "PUT")).status).toBe(401);
    expect((await send(`/api/portfolio/${item}/like`, "DELETE")).status).toBe(401);
    expect(
      (await send(`/api/portfolio/${item}/comments`, "POST", undefined, { body: "Hi" })).status,
    ).toBe(401);
  });

  it("keeps the like count exact under concurrent clicks and toggles back", async () => {
    const item = itemIds[1];
    const [alice, bob] = [await signIn(), await signIn()];
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => send(`/api/portfolio/${item}/like`, "PUT", alice)),
      ...Array.from({ length: 5 }, () => send(`/api/portfolio/${item}/like`, "PUT", bob)),
    ]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const pageFor = async (cookie?: string) =>
      (await (
        await app.fetch(`/api/creators/${creator.profile.id}/portfolio`, {
          headers: cookie ? { Cookie: cookie } : {},
        })
      ).json()) as PortfolioPage;
    const liked = (await pageFor(alice)).items.find((i) => i.id === item)!;
    expect(liked).toMatchObject({ likeCount: 2, likedByMe: true });
    expect((await pageFor()).items.find((i) => i.id === item)?.likedByMe).toBe(false);
    await Promise.all(
      Array.from({ length: 4 }, () => send(`/api/portfolio/${item}/like`, "DELETE", alice)),
    );
    const after = await send(`/api/portfolio/${item}/like`, "DELETE", alice);
    expect(await after.json()).toEqual({ liked: false, likeCount: 1 });
    expect((await send(`/api/portfolio/${crypto.randomUUID()}/like`, "PUT", alice)).status).toBe(
      404,
    );
  });

  it("stores comments, refusing blank ones", async () => {
    const item = itemIds[2];
    const cookie = await signIn();
    expect((await (await app.fetch(`/api/portfolio/${item}/comments`)).json()).items).toEqual([]);
    const blank = await send(`/api/portfolio/${item}/comments`, "POST", cookie, { body: "   " });
    expect(blank.status).toBe(400);
    const created = await send(`/api/portfolio/${item}/comments`, "POST", cookie, {
      body: "  Stunning light  ",
    });
    expect(created.status).toBe(201);
    const list = (await (await app.fetch(`/api/portfolio/${item}/comments`)).json()).items;
    expect(list).toEqual([expect.objectContaining({ author: "Fan", body: "Stunning light" })]);
  });

  it("limits likes and comments per account (429 with Retry-After), not per address", async () => {
    const item = itemIds[3];
    const [carol, dave] = [await signIn(), await signIn()];
    const expectLimited = async (response: Response) => {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await response.json()).error).toMatchObject({
        code: "rate_limited",
        message: expect.stringMatching(
          /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
        ),
      });
    };
    // 120 likes and unlikes in 10 minutes, counted together.
    for (let i = 0; i < 120; i++) {
      const method = i % 2 === 0 ? "PUT" : "DELETE";
      expect((await send(`/api/portfolio/${item}/like`, method, carol)).status).toBe(200);
    }
    await expectLimited(await send(`/api/portfolio/${item}/like`, "PUT", carol));
    // 20 comments in 10 minutes.
    for (let i = 0; i < 20; i++) {
      const created = await send(`/api/portfolio/${item}/comments`, "POST", carol, {
        body: `Lovely ${i}`,
      });
      expect(created.status).toBe(201);
    }
    await expectLimited(
      await send(`/api/portfolio/${item}/comments`, "POST", carol, { body: "x" }),
    );
    // Another account on the same address is counted apart.
    expect((await send(`/api/portfolio/${item}/like`, "PUT", dave)).status).toBe(200);
    const daves = await send(`/api/portfolio/${item}/comments`, "POST", dave, { body: "Nice" });
    expect(daves.status).toBe(201);
  });
});
