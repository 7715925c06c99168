// Gzipped JavaScript the home page loads: the page is opened in Chromium and every script
// response until the network is idle is gzipped (level 9, as a server or CDN would send it).
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { type Bench, CHROMIUM, CHROMIUM_FLAGS, runStandalone } from "./lib.ts";

export const HOME_JS_BUDGET_KB = 140;

export const homeBundle: Bench = async ({ baseUrl }) => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const bodies: Promise<Buffer>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.body());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const scripts = await Promise.all(bodies);
    const raw = scripts.reduce((sum, b) => sum + b.length, 0);
    const gzip = scripts.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
    const gzipKb = gzip / 1024;
    return [
      { name: "home JS files", value: scripts.length, unit: "files" },
      { name: "home JS (raw)", value: raw / 1024, unit: "KB" },
      {
        name: "home JS (gzip)",
        value: gzipKb,
        unit: "KB",
        target: `≤ ${HOME_JS_BUDGET_KB}`,
        ok: gzipKb <= HOME_JS_BUDGET_KB,
      },
    ];
  } finally {
    await browser.close();
  }
};

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  await runStandalone("home-bundle", homeBundle);
}
