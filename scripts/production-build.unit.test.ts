import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../server/platform/project-root.ts";

// `npm start` builds first; a shell that exports NODE_ENV=development must still get React's
// production build (the development build is 211 KB gzipped on the home page instead of 147).

const outDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-build-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// A warning React's development build carries and its production build leaves out.
const DEVELOPMENT_ONLY = "You are calling ReactDOMClient";

describe("production build", () => {
  it("ships React's production build with NODE_ENV=development exported", async () => {
    const scripts = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8"))
      .scripts as Record<string, string>;
    // The web half of `npm run build`, exactly as the script runs it, into a scratch folder.
    const [command, ...args] = scripts.build!.split("&&")[0]!.trim().split(/\s+/);
    expect(command).toBe("vite");
    await promisify(execFile)(
      process.execPath,
      [
        path.join(PROJECT_ROOT, "node_modules/vite/bin/vite.js"),
        ...args,
        "--outDir",
        outDir,
        "--emptyOutDir",
        "--logLevel",
        "warn",
      ],
      { cwd: PROJECT_ROOT, env: { ...process.env, NODE_ENV: "development" } },
    );
    const scriptsBuilt = readdirSync(path.join(outDir, "assets")).filter((f) => f.endsWith(".js"));
    const code = scriptsBuilt.map((f) => readFileSync(path.join(outDir, "assets", f), "utf8"));
    expect(code.join("\n")).toContain("createRoot");
    expect(code.some((c) => c.includes(DEVELOPMENT_ONLY))).toBe(false);
  }, 180_000);
});
