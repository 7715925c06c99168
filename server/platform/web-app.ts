import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { INITIAL_API_DATA_ELEMENT_ID } from "../../contracts/constants.ts";
import type { PageMeta } from "../../contracts/page-head.ts";
import { NOT_FOUND_SCREEN, ROUTE_PRELOADS_FILE, screenForPath } from "../../contracts/routes.ts";
import { requireAccess } from "./access.ts";
import { siteOrigin } from "./auth.ts";
import type { AppEnv } from "./http.ts";

// Vite fingerprints everything under assets/, so those files never change once served.
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * What a page tells search engines and link previews, in the HTML the server sends. Paths are
 * site-relative (made absolute with the public origin) or absolute.
 */
export type PageHead = PageMeta & {
  /**
   * The page's largest image (its LCP element), fetched with the document instead of after the
   * scripts have rendered it. srcset and sizes must be the <img>'s own, or it is fetched twice.
   */
  preloadImage?: { srcSet: string; sizes: string };
  /** GET responses the page will ask for, keyed by API path (without /api), sent in the HTML. */
  initialApiData?: Record<string, unknown>;
  /** schema.org JSON-LD describing the page's subject, for search engines. */
  structuredData?: object;
};

/**
 * A feature's answer for the pages it owns: `resolve` gets the pattern's captures and returns
 * the head, or null when the thing does not exist (the page is then a 404).
 */
export type HeadResolver = {
  pattern: RegExp;
  resolve(c: Context<AppEnv>, captures: string[]): Promise<PageHead | null>;
};

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** JSON that cannot end its <script> element early or open a comment inside it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** index.html with the page's own title, description, canonical link and og:* tags. */
export function withHead(indexHtml: string, head: PageHead, origin: string): string {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
  const canonical = absolute(head.canonicalPath);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(absolute(head.image))}" />` : "",
    `<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}" />`,
    head.preloadImage
      ? `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${escapeHtml(head.preloadImage.srcSet)}" imagesizes="${escapeHtml(head.preloadImage.sizes)}" />`
      : "",
    head.structuredData
      ? `<script type="application/ld+json">${scriptSafeJson(head.structuredData)}</script>`
      : "",
    head.initialApiData
      ? `<script type="application/json" id="${INITIAL_API_DATA_ELEMENT_ID}">${scriptSafeJson(head.initialApiData)}</script>`
      : "",
  ].filter(Boolean);
  const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
  const existing = /<meta\s+name="description"[\s\S]*?\/>/;
  const html = existing.test(indexHtml)
    ? indexHtml.replace(existing, () => description)
    : indexHtml.replace("</head>", () => `${description}</head>`);
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace("</head>", () => `    ${tags.join("\n    ")}\n  </head>`);
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : fallback;
}

/**
 * index.html for each screen, with <link rel="modulepreload"> for the screen's own chunks so they
 * download alongside the main bundle instead of after it has run and matched the route.
 */
function screenPages(indexHtml: string, preloads: Record<string, string[]>) {
  const pages = new Map<string, string>();
  return (screen: string) => {
    let html = pages.get(screen);
    if (html === undefined) {
      const links = (preloads[screen] ?? [])
        .map((url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`)
        .join("\n    ");
      html = links ? indexHtml.replace("</head>", () => `  ${links}\n  </head>`) : indexHtml;
      pages.set(screen, html);
    }
    return html;
  };
}

/** Serves the built React app: hashed assets, public files, and index.html for page routes. */
export function webAppRoutes(webDistDir: string, headResolvers: HeadResolver[] = []) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(webDistDir, "index.html");
  const indexHtml = existsSync(indexPath)
    ? readFileSync(indexPath, "utf8")
    : "<!doctype html><html><head><title>ShutterHail</title></head><body><p>The web app is not built. Run npm run build.</p></body></html>";
  const pageHtml = screenPages(indexHtml, readJson(path.join(webDistDir, ROUTE_PRELOADS_FILE), {}));

  app.get(
    "/assets/*",
    requireAccess("public"),
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", IMMUTABLE);
    },
    serveStatic({ root: path.relative(process.cwd(), webDistDir) || ".", precompressed: true }),
  );
  const publicFiles = serveStatic({
    root: path.relative(process.cwd(), webDistDir) || ".",
    index: "",
    precompressed: true,
  });
  // A path ending in "/" names a directory, never a public file (serving it would read a folder).
  app.use("*", (c, next) => (c.req.path.endsWith("/") ? next() : publicFiles(c, next)));

  app.get("*", requireAccess("public"), async (c) => {
    c.header("Cache-Control", "no-cache");
    // The web shows its not-found screen for unknown paths, and the route's own screen (which
    // says the thing is not found) for a known route whose subject does not exist.
    const notFound = (screen: string) => {
      c.var.deps.log.warn({ path: c.req.path }, "page not found");
      return c.html(pageHtml(screen), 404);
    };
    const screen = screenForPath(c.req.path);
    if (!screen) return notFound(NOT_FOUND_SCREEN);
    for (const resolver of headResolvers) {
      const match = resolver.pattern.exec(c.req.path);
      if (!match) continue;
      const head = await resolver.resolve(c, match.slice(1).map(safeDecode));
      if (!head) return notFound(screen);
      return c.html(withHead(pageHtml(screen), head, siteOrigin(c.var.deps.config)));
    }
    return c.html(pageHtml(screen));
  });
  return app;
}
