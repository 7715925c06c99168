import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "../../db/data-dir-lock.ts";
import { openControlChannel } from "../../platform/control-channel.ts";
import { PROJECT_ROOT } from "../../platform/project-root.ts";
import { jsonInit } from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

const run = promisify(execFile);

// The CLI bundled once, as `npm run build` bundles it, inside the project (it finds the
// migrations from its own place): each run then starts in a fraction of a second instead of
// compiling the server with tsx.
const cliDir = path.join(PROJECT_ROOT, ".test-data", `admin-create-cli-${process.pid}`);
const cli = path.join(cliDir, "admin-create.js");

async function adminCreate(dataDir: string, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };
  try {
    const { stdout } = await run(process.execPath, [cli, ...args], { env });
    return { code: 0, out: stdout };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, out: failure.stdout + failure.stderr };
  }
}

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-create-"));
  await build({
    entryPoints: [path.join(PROJECT_ROOT, "server/cli/admin-create.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    target: "node24",
    outfile: cli,
    logLevel: "warning",
  });
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(cliDir, { recursive: true, force: true });
});

describe("npm run admin:create", { timeout: 120_000 }, () => {
  it("grants staff access on the embedded database, creating the account, and removes it", async () => {
    const dir = path.join(dataDir, "own");
    const granted = await adminCreate(dir, "--email", "Staff@Example.test", "--role", "reviewer");
    expect(granted.code).toBe(0);
    expect(granted.out).toContain(
      "staff@example.test now has staff access as reviewer (new account",
    );
    expect(granted.out).toContain("/admin/forgot");
    const removed = await adminCreate(dir, "--email", "staff@example.test", "--deactivate");
    expect(removed.out).toContain("Staff access removed from staff@example.test");
    const again = await adminCreate(dir, "--email", "staff@example.test", "--deactivate");
    expect(again.out).toContain("had no active staff access");
  }, 180_000);

  it("refuses bad arguments", async () => {
    expect((await adminCreate(dataDir, "--role", "x")).code).toBe(1);
    const badRole = await adminCreate(dataDir, "--email", "a@b.test", "--role", "Super Admin!");
    expect(badRole.code).toBe(1);
    expect(badRole.out).toContain("--role");
  });

  it("never opens a data directory the app holds: it stops with a clear message", async () => {
    const dir = path.join(dataDir, "held");
    const release = acquireDataDirLock(path.join(dir, "pglite"));
    try {
      const result = await adminCreate(dir, "--email", "held@example.test");
      expect(result.code).toBe(1);
      expect(result.out).toContain(`is running on the embedded database`);
      expect(result.out).toContain("nothing was changed");
    } finally {
      release();
    }
  });
});

describe("through the running app", { timeout: 60_000 }, () => {
  let app: TestApp;
  let dir: string;
  let release: () => void;
  let closeControl: () => void;
  beforeAll(async () => {
    dir = path.join(dataDir, "running");
    release = acquireDataDirLock(path.join(dir, "pglite"));
    app = await startTestApp({ DATA_DIR: dir });
    closeControl = openControlChannel(app.deps.config, Number(new URL(app.url).port));
  }, 60_000);
  afterAll(async () => {
    closeControl?.();
    release?.();
    await app?.close();
  }, 60_000);

  it("asks the app holding the database to make the change", async () => {
    const result = await adminCreate(dir, "--email", "live@example.test", "--role", "super_admin");
    expect(result.code).toBe(0);
    expect(result.out).toContain("it made the change");
    expect(result.out).toContain("live@example.test now has staff access as super_admin");
    const row = await app.database.db
      .selectFrom("admin_users")
      .innerJoin("user", "user.id", "admin_users.user_id")
      .select(["admin_users.role", "admin_users.is_active", "user.emailVerified"])
      .where("user.email", "=", "live@example.test")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "super_admin", is_active: true, emailVerified: true });
  });

  it("the app's control endpoint answers 401 without its token", async () => {
    const body = { email: "x@example.test", role: "super_admin" };
    expect((await app.fetch("/api/internal/staff", jsonInit(app, "POST", body))).status).toBe(401);
    const wrong = jsonInit(app, "POST", body);
    (wrong.headers as Record<string, string>).authorization = "Bearer nope";
    expect((await app.fetch("/api/internal/staff", wrong)).status).toBe(401);
  });
});
