import { Hono } from "hono";
import { requireAccess } from "./access.ts";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./http.ts";

// Image keys carry a random id, so the bytes behind a URL never change.
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Serves the public part of storage: GET /media/public/… */
export function mediaRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/public/*", requireAccess("public"), async (c) => {
    const key = c.req.path.replace(/^\/media\//, "");
    let object: Awaited<ReturnType<typeof c.var.deps.storage.get>>;
    try {
      object = await c.var.deps.storage.get(key);
    } catch {
      object = null;
    }
    if (!object) return c.json(errorBody("not_found", "File not found"), 404);
    return c.body(new Uint8Array(object.data), 200, {
      "Content-Type": object.contentType,
      "Cache-Control": IMMUTABLE,
      "X-Content-Type-Options": "nosniff",
    });
  });
  app.all("*", requireAccess("public"), (c) =>
    c.json(errorBody("not_found", "File not found"), 404),
  );
  return app;
}
