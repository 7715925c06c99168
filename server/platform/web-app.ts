import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { isKnownPagePath } from "../../contracts/routes.ts";
import type { AppEnv } from "./http.ts";

// Vite fingerprints everything under assets/, so those files never change once served.
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Serves the built React app: hashed assets, public files, and index.html for page routes. */
export function webAppRoutes(webDistDir: string) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(webDistDir, "index.html");
  const indexHtml = existsSync(indexPath)
    ? readFileSync(indexPath, "utf8")
    : "<!doctype html><title>ShutterHail</title><p>The web app is not built. Run npm run build.</p>";

  app.use(
    "/assets/*",
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

  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    if (isKnownPagePath(c.req.path)) return c.html(indexHtml);
    c.var.deps.log.warn({ path: c.req.path }, "page not found");
    return c.html(indexHtml, 404);
  });
  return app;
}
