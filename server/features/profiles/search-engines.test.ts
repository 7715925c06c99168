import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicProfile } from "../../../contracts/profiles.ts";
import { creatorStructuredData } from "../../../contracts/structured-data.ts";
import { createCreator, createPortfolioItems, createReview } from "../../db/factories.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { sitemapIndexXml } from "./sitemap.ts";

let app: TestApp;
let listed: Awaited<ReturnType<typeof createCreator>>;
let hidden: Awaited<ReturnType<typeof createCreator>>[];
beforeAll(async () => {
  app = await startTestApp();
  listed = await createCreator(app.database.db, {
    fullName: "Ava </script> Lens",
    city: "Miami, FL",
    hourlyRateCents: 18_000,
  });
  hidden = [
    await createCreator(app.database.db, { published: false }),
    await createCreator(app.database.db, { approved: false }),
  ];
});
afterAll(() => app?.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const sitemap = async () => {
  const response = await app.fetch("/sitemap.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/xml");
  return response.text();
};
const lastmodOf = (xml: string, id: string) =>
  new RegExp(`<loc>[^<]*/p/${id}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];

describe("search engines", () => {
  it("list the public pages and every listed creator's profile, with its last change", async () => {
    const xml = await sitemap();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(xml);
    for (const path of ["/", "/search", "/map", "/how-it-works", "/become-photographer"]) {
      expect(urls).toContain(`${app.url}${path}`);
    }
    expect(urls).toContain(`${app.url}/p/${listed.profile.id}`);
    for (const creator of hidden) expect(xml).not.toContain(creator.profile.id);
    expect(urls.filter((u) => u?.includes("/bookings") || u?.includes("/admin"))).toEqual([]);

    // A new portfolio image and a published review change the page: its lastmod moves.
    const before = lastmodOf(xml, listed.profile.id);
    expect(before).toBeDefined();
    await createPortfolioItems(app.database.db, [
      { userId: listed.user.id, imagePath: "public/portfolio/seo/0" },
    ]);
    const afterImage = lastmodOf(await sitemap(), listed.profile.id);
    expect(Date.parse(afterImage!)).toBeGreaterThan(Date.parse(before!));
  });

  it("are told in robots.txt what is private and where the sitemap is", async () => {
    const response = await app.fetch("/robots.txt");
    expect(response.status).toBe(200);
    const robots = await response.text();
    for (const prefix of ["/api/", "/admin", "/bookings", "/messages", "/earnings", "/hail"]) {
      expect(robots).toContain(`Disallow: ${prefix}\n`);
    }
    expect(robots).not.toMatch(/Disallow: \/p\b/);
    expect(robots).not.toMatch(/Disallow: \/(search|map)\b/);
    expect(robots).toContain(`Sitemap: ${app.url}/sitemap.xml`);
  });

  it("read the profile's structured data in its HTML: the profile the API serves, script-safe", async () => {
    await createReview(app.database.db, {
      creatorProfileId: listed.profile.id,
      rating: 5,
      authorName: "Mia",
    });
    const html = await (await app.fetch(`/p/${listed.profile.id}`)).text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(html).not.toContain("</script> Lens");
    const served = JSON.parse(scripts[0]![1]!);
    const profile = (await (
      await app.fetch(`/api/creators/${listed.profile.id}`)
    ).json()) as PublicProfile;
    expect(served).toEqual(JSON.parse(JSON.stringify(creatorStructuredData(profile, app.url))));
    expect(served).toMatchObject({
      "@type": "LocalBusiness",
      aggregateRating: { ratingValue: 5, reviewCount: 1 },
      review: [{ author: { name: "Mia" }, reviewRating: { ratingValue: 5 } }],
      makesOffer: { priceSpecification: { price: 180, priceCurrency: "USD" } },
    });
  });

  it("get unknown sitemap parts as 404, and an index's shape past the per-file limit", async () => {
    expect((await app.fetch("/sitemaps/creators-9.xml")).status).toBe(404);
    expect((await app.fetch("/sitemaps/nothing.xml")).status).toBe(404);
    expect(locs(await (await app.fetch("/sitemaps/pages.xml")).text())).toContain(`${app.url}/`);
    const index = sitemapIndexXml([`${app.url}/sitemaps/creators-1.xml`]);
    expect(index).toContain("<sitemapindex");
  });
});
