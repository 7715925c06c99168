import { createRequire } from "node:module";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./http.ts";

const swaggerDir = path.dirname(
  createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"),
);

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ShutterHail API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#docs" });`;

/** The OpenAPI document generated from the zod schemas, and Swagger UI served from the package. */
export function mountApiDocs(api: OpenAPIHono<AppEnv>) {
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    servers: [{ url: "/api" }],
    info: { title: "ShutterHail API", version: "1.0.0" },
  });
  api.get("/docs", (c) => c.html(DOCS_PAGE));
  api.get("/docs/init.js", (c) => c.body(INIT_SCRIPT, 200, { "Content-Type": "text/javascript" }));
  api.use(
    "/docs/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), swaggerDir),
      rewriteRequestPath: (p) => p.replace(/^\/api\/docs\/assets/, ""),
    }),
  );
}
