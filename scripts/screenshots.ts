// Screenshots of every page route at phone and desktop size, for looking at the product.
// Starts nothing: point BASE_URL at a running server (default http://127.0.0.1:4202).
//   npm run build && PORT=4202 DATA_DIR=.data-shots node dist/server/main.js &
//   npx tsx scripts/screenshots.ts [route-name-filter]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { PAGE_ROUTES } from "../contracts/routes.ts";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:4202";
const OUT_DIR = process.env.OUT_DIR ?? "screenshots";
const FULL_PAGE = process.env.FULL_PAGE !== "0";
const filter = process.argv[2];

const SIZES = [
  { name: "phone", width: 390, height: 844, isMobile: true },
  { name: "desktop", width: 1440, height: 900, isMobile: false },
] as const;

// Parameterised routes get a sample value; a missing record still shows the screen's own state.
const SAMPLE_PARAMS: Record<string, string> = { id: "1" };
const EXTRA = { notFound: "/no-such-page" };

function concrete(pattern: string) {
  return pattern.replace(/:([a-z]+)/gi, (_, key: string) => SAMPLE_PARAMS[key] ?? "1");
}

const routes = Object.entries({ ...PAGE_ROUTES, ...EXTRA }).filter(
  ([name]) => !filter || name.toLowerCase().includes(filter.toLowerCase()),
);

mkdirSync(OUT_DIR, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
try {
  for (const size of SIZES) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      isMobile: size.isMobile,
      hasTouch: size.isMobile,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    for (const [name, pattern] of routes) {
      const url = new URL(concrete(pattern), BASE_URL).toString();
      await page.goto(url, { waitUntil: "networkidle" });
      // Full-page captures do not scroll, so render the blocks the page defers until scrolled to.
      await page.addStyleTag({ content: ".defer-render{content-visibility:visible!important}" });
      await page.waitForTimeout(300);
      const file = `${OUT_DIR}/${name}-${size.name}.png`;
      await page.screenshot({ path: file, fullPage: FULL_PAGE });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
