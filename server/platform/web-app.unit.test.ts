import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./http.ts";
import { webAppRoutes } from "./web-app.ts";

const dist = mkdtempSync(path.join(tmpdir(), "web-app-"));
mkdirSync(path.join(dist, "assets"));
writeFileSync(
  path.join(dist, "index.html"),
  "<!doctype html><html><head><title>app</title></head><body></body></html>",
);
writeFileSync(
  path.join(dist, "route-preloads.json"),
  JSON.stringify({
    home: ["/assets/home-1.js", "/assets/card-1.js"],
    search: ["/assets/search-1.js", "/assets/card-1.js"],
    "not-found": ["/assets/not-found-1.js"],
  }),
);
const script = "console.log('hello');".repeat(100);
writeFileSync(path.join(dist, "assets", "main-abc.js"), script);
writeFileSync(path.join(dist, "assets", "main-abc.js.gz"), gzipSync(script));
const warnings: unknown[] = [];

const app = new Hono<AppEnv>();
app.use("*", async (c, next) => {
  c.set("deps", { log: { warn: (...args: unknown[]) => warnings.push(args) } } as never);
  await next();
});
app.route("/", webAppRoutes(dist));

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("webAppRoutes", () => {
  it("answers the home page with the app's HTML", async () => {
    const response = await app.request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("<title>app</title>");
  });

  it("preloads the chunks of the screen that shows the page, and no other screen's", async () => {
    const preloads = async (url: string) =>
      [
        ...(await (await app.request(url)).text()).matchAll(
          /rel="modulepreload"[^>]*href="([^"]+)"/g,
        ),
      ].map((m) => m[1]);
    expect(await preloads("/")).toEqual(["/assets/home-1.js", "/assets/card-1.js"]);
    expect(await preloads("/search?zip=33139")).toEqual([
      "/assets/search-1.js",
      "/assets/card-1.js",
    ]);
    expect(await preloads("/no-such-page")).toEqual(["/assets/not-found-1.js"]);
    expect(await preloads("/map")).toEqual([]);
  });

  it("sends the precompressed copy of an asset when the browser accepts it", async () => {
    const response = await app.request("/assets/main-abc.js", {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(Number(response.headers.get("content-length"))).toBeLessThan(script.length);
  });

  it("sends the plain asset to a browser that accepts no compression", async () => {
    const response = await app.request("/assets/main-abc.js");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.text()).toBe(script);
  });

  it("answers an unknown page with 404 and logs it", async () => {
    warnings.length = 0;
    const response = await app.request("/no/such/page");
    expect(response.status).toBe(404);
    expect(warnings).toHaveLength(1);
  });
});
