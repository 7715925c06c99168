// `npm run lint:openapi`: writes the app's OpenAPI document (as GET /api/openapi.json serves it
// outside production) to dist/openapi.json and lints it with Redocly's recommended ruleset.
// Any problem fails, warnings included. Nothing listens and nothing is migrated: the document
// is built from the route definitions alone.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/database.ts";
import { createDeps } from "../server/platform/deps.ts";
import { createLogger } from "../server/platform/logger.ts";

const DOCUMENT = "dist/openapi.json";

type Problem = {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
};

async function writeDocument(target: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-openapi-"));
  // The web app is not needed; an empty folder keeps it from warning that it is not built.
  const config = {
    ...loadConfig({ NODE_ENV: "development", LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    webDistDir: dataDir,
  };
  const database = await openDatabase({ kind: "pglite", inMemory: true });
  const deps = createDeps({ config, database, log: createLogger("silent") });
  try {
    const response = await createApp(deps).request("/api/openapi.json");
    if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${JSON.stringify(await response.json(), null, 2)}\n`);
  } finally {
    await deps.realtime.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function lint(target: string): Problem[] {
  const args = ["lint", "--extends", "recommended", "--format", "json", target];
  let output: string;
  try {
    output = execFileSync("node_modules/.bin/redocly", args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
  } catch (error) {
    // Redocly exits 1 when it finds errors; the report is still on stdout.
    output = (error as { stdout?: string }).stdout ?? "";
  }
  return (JSON.parse(output) as { problems: Problem[] }).problems;
}

await writeDocument(DOCUMENT);
const problems = lint(DOCUMENT);
for (const p of problems) {
  console.error(`${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ""})`);
}
console.log(
  problems.length
    ? `${DOCUMENT}: ${problems.length} problem(s) under Redocly's recommended rules`
    : `${DOCUMENT}: no problems under Redocly's recommended rules`,
);
process.exitCode = problems.length ? 1 : 0;
