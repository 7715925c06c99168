// Lighthouse (default mobile emulation and throttling) on the home page, a search's results and
// a creator's profile: performance and accessibility scores plus the core timings. Runs
// LIGHTHOUSE_RUNS times (default 3) per page and reports the run with the median performance
// score, as Lighthouse's docs advise for noise.
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type Bench, CHROMIUM, CHROMIUM_FLAGS, runStandalone } from "./lib.ts";

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

async function runOnce(url: string): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** A demo ZIP in Miami Beach with creators around it. */
const SEARCH_PATH = "/search?zip=33139";

/** The profile of the nearest creator to the demo search: real data, cover and portfolio. */
async function profilePath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/search?zip=33139`);
  const { items } = (await response.json()) as { items: { id: string }[] };
  if (!items[0]) throw new Error("the demo search found no creator to open");
  return `/p/${items[0].id}`;
}

export const lighthouseHome: Bench = ({ baseUrl }) => measurePage(`${baseUrl}/`);
export const lighthouseSearch: Bench = ({ baseUrl }) => measurePage(`${baseUrl}${SEARCH_PATH}`);
export const lighthouseProfile: Bench = async ({ baseUrl }) =>
  measurePage(`${baseUrl}${await profilePath(baseUrl)}`);

async function measurePage(url: string) {
  const runs: Lhr[] = [];
  for (let i = 0; i < RUNS; i++) {
    const lhr = await runOnce(url);
    // A run that hit a runtime error has no score; it says nothing about the page.
    if (lhr.runtimeError || lhr.categories.performance?.score == null) {
      console.error(`lighthouse: run ${i + 1} failed: ${lhr.runtimeError?.message ?? "no score"}`);
      continue;
    }
    runs.push(lhr);
  }
  if (!runs.length) throw new Error("every Lighthouse run failed");
  const perf = (lhr: Lhr) => lhr.categories.performance?.score ?? 0;
  runs.sort((a, b) => perf(a) - perf(b));
  const { categories, audits, environment } = runs[Math.floor(runs.length / 2)]!;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const performance = score("performance");
  const accessibility = score("accessibility");
  for (const audit of Object.values(audits)) {
    if (audit.scoreDisplayMode !== "binary" || audit.score === null || audit.score >= 1) continue;
    const items = (audit.details as { items?: { node?: { snippet?: string } }[] })?.items ?? [];
    const nodes = items.map((i) => i.node?.snippet).filter(Boolean);
    console.error(`lighthouse: ${audit.id} not passed ${nodes.slice(0, 5).join(" ")}`);
  }
  return [
    {
      name: `performance (median of ${runs.length})`,
      value: performance,
      unit: "/100",
      target: "≥ 90",
      ok: performance >= 90,
    },
    {
      name: "accessibility",
      value: accessibility,
      unit: "/100",
      target: "= 100",
      ok: accessibility === 100,
    },
    { name: "first contentful paint", value: ms("first-contentful-paint"), unit: "ms" },
    { name: "largest contentful paint", value: ms("largest-contentful-paint"), unit: "ms" },
    { name: "total blocking time", value: ms("total-blocking-time"), unit: "ms" },
    { name: "cumulative layout shift", value: ms("cumulative-layout-shift"), unit: "" },
    { name: "speed index", value: ms("speed-index"), unit: "ms" },
    // Lighthouse's CPU benchmark of this machine during the run: a busy machine scores lower
    // and every simulated timing above grows with it (an idle desktop scores about 1000-2000).
    { name: "machine benchmark index", value: environment.benchmarkIndex, unit: "" },
    { name: "performance, worst run", value: Math.round(perf(runs[0]!) * 100), unit: "/100" },
    { name: "performance, best run", value: Math.round(perf(runs.at(-1)!) * 100), unit: "/100" },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  await runStandalone("lighthouse", async (ctx) => [
    ...(await lighthouseHome(ctx)).map((row) => ({ ...row, name: `home ${row.name}` })),
    ...(await lighthouseSearch(ctx)).map((row) => ({ ...row, name: `search ${row.name}` })),
    ...(await lighthouseProfile(ctx)).map((row) => ({ ...row, name: `profile ${row.name}` })),
  ]);
}
