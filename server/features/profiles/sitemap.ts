import { Hono } from "hono";
import {
  crawlerClosedPrefixes,
  creatorProfilePath,
  INDEXED_PAGES,
  PAGE_ROUTES,
} from "../../../contracts/routes.ts";
import { requireAccess } from "../../platform/access.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppEnv } from "../../platform/http.ts";
import { countListed } from "./queries.ts";
import { findSitemapProfiles } from "./sitemap-queries.ts";

/** The sitemap protocol's limit of URLs per file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};
const URLSET = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

type SitemapUrl = { loc: string; lastModified?: Date };

export function urlsetXml(urls: SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${URLSET}>\n${entries.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(locs: string[]): string {
  const entries = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex ${URLSET}>\n${entries.join("\n")}\n</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  const closed = crawlerClosedPrefixes().map((prefix) => `Disallow: ${prefix}`);
  return ["User-agent: *", "Allow: /", ...closed, "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
}

/**
 * /robots.txt and /sitemap.xml: the public pages and every listed creator's profile with its
 * last change. Past `perFile` profiles, /sitemap.xml becomes an index of /sitemaps/*.xml files.
 */
export function searchEngineRoutes(perFile = SITEMAP_MAX_URLS) {
  const app = new Hono<AppEnv>();
  const pagesUrls = (origin: string) =>
    INDEXED_PAGES.map((name) => ({ loc: `${origin}${PAGE_ROUTES[name]}` }));
  const profileUrls = async (c: { var: AppEnv["Variables"] }, origin: string, part: number) => {
    const profiles = await findSitemapProfiles(
      c.var.deps.database.db,
      perFile,
      (part - 1) * perFile,
    );
    return profiles.map((p) => ({
      loc: `${origin}${creatorProfilePath(p.id)}`,
      lastModified: p.lastModified,
    }));
  };

  app.get("/robots.txt", requireAccess("public"), (c) =>
    c.text(robotsTxt(siteOrigin(c.var.deps.config)), 200, {
      "Cache-Control": "public, max-age=3600",
    }),
  );
  app.get("/sitemap.xml", requireAccess("public"), async (c) => {
    const origin = siteOrigin(c.var.deps.config);
    const parts = Math.ceil((await countListed(c.var.deps.database.db)) / perFile);
    if (parts <= 1) {
      const urls = [...pagesUrls(origin), ...(await profileUrls(c, origin, 1))];
      return c.body(urlsetXml(urls), 200, XML_HEADERS);
    }
    const files = ["pages", ...Array.from({ length: parts }, (_, i) => `creators-${i + 1}`)];
    return c.body(
      sitemapIndexXml(files.map((f) => `${origin}/sitemaps/${f}.xml`)),
      200,
      XML_HEADERS,
    );
  });
  app.get("/sitemaps/:file{[a-z0-9-]+\\.xml}", requireAccess("public"), async (c) => {
    const origin = siteOrigin(c.var.deps.config);
    const file = c.req.param("file");
    if (file === "pages.xml") return c.body(urlsetXml(pagesUrls(origin)), 200, XML_HEADERS);
    const part = Number(/^creators-([1-9]\d{0,5})\.xml$/.exec(file)?.[1]);
    const urls = part ? await profileUrls(c, origin, part) : [];
    if (!urls.length) return c.text("Sitemap not found", 404);
    return c.body(urlsetXml(urls), 200, XML_HEADERS);
  });
  return app;
}
