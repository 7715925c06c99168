import { createRequire } from "node:module";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { requireAccess } from "./access.ts";
import { SECURITY_SCHEMES } from "./define-route.ts";
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

// A private project: OpenAPI 3.1 names such a licence by an SPDX "LicenseRef-" identifier.
const LICENSE = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };

/** The OpenAPI document generated from the zod schemas, and Swagger UI served from the package. */
export function mountApiDocs(api: OpenAPIHono<AppEnv>) {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    api.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  }
  api.get("/openapi.json", requireAccess("public"), (c) =>
    c.json(
      api.getOpenAPI31Document({
        openapi: "3.1.0",
        servers: [{ url: "/api" }],
        info: {
          title: "ShutterHail API",
          version: "1.0.0",
          license: LICENSE,
        },
      }),
    ),
  );
  api.get("/docs", requireAccess("public"), (c) => c.html(DOCS_PAGE));
  api.get("/docs/init.js", requireAccess("public"), (c) =>
    c.body(INIT_SCRIPT, 200, { "Content-Type": "text/javascript" }),
  );
  api.get(
    "/docs/assets/*",
    requireAccess("public"),
    serveStatic({
      root: path.relative(process.cwd(), swaggerDir),
      rewriteRequestPath: (p) => p.replace(/^\/api\/docs\/assets/, ""),
    }),
  );
}
