import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import type { ProcessRole } from "../../config.ts";
import { PROJECT_ROOT } from "../../platform/project-root.ts";
import { freePort } from "../free-port.ts";
import { type ServerProcess, startServerProcess } from "../server-process.ts";

// The deployment of docs/deploy.md on one machine: app processes by role on one PostgreSQL,
// and Debian's HAProxy running deploy/haproxy.cfg in front of the web ones.

export const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
export const HAPROXY_CONFIG = path.join(PROJECT_ROOT, "deploy/haproxy.cfg");
/** Above the reference config's inter × fall (2 s), as docs/deploy.md says. */
export const SHUTDOWN_DELAY_MS = 3000;

/**
 * The server bundled as `npm run build:server` bundles it, into its own folder: a process
 * starts in about a second instead of compiling the sources through tsx each time.
 */
export async function bundleServer(): Promise<string> {
  const outdir = path.join(PROJECT_ROOT, "dist/deployment-test");
  await build({
    entryPoints: [path.join(PROJECT_ROOT, "server/main.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    target: "node24",
    outdir,
    logLevel: "warning",
  });
  return path.join(outdir, "main.js");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` (a failed check counts as not yet) until it holds; `gone` ends the wait early. */
export async function waitUntil(
  what: string,
  ms: number,
  check: () => Promise<boolean>,
  gone: () => string | undefined = () => undefined,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const fatal = gone();
    if (fatal) throw new Error(`${what}: ${fatal}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

const answers = async (url: string, status: number) => (await fetch(url)).status === status;

/** One app process of a role, on a fixed port it keeps across restarts. */
export class AppProcess {
  private server: ServerProcess | undefined;
  private readonly dataDir = mkdtempSync(path.join(os.tmpdir(), "shutterhail-deploy-"));

  constructor(
    readonly role: ProcessRole,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly script: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get output() {
    return this.server?.output() ?? "";
  }

  /** Starts it and resolves once /api/ready answers 200. */
  async start(timeoutMs: number) {
    const server = startServerProcess({
      dataDir: this.dataDir,
      port: this.port,
      script: this.script,
      env: { PROCESS_ROLE: this.role, SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS), ...this.env },
    });
    this.server = server;
    await waitUntil(
      `the ${this.role} process on ${this.port} to be ready`,
      timeoutMs,
      () => answers(`${this.url}/api/ready`, 200),
      () => (server.child.exitCode === null ? undefined : `it exited: ${server.output()}`),
    );
  }

  /** Sends `signal` and answers the exit code once it has exited. */
  async stop(signal: "SIGTERM" | "SIGKILL"): Promise<number | null> {
    const server = this.server;
    if (!server || server.child.exitCode !== null) return server?.child.exitCode ?? null;
    server.child.kill(signal);
    return (await server.exited).code;
  }

  get child(): ChildProcess | undefined {
    return this.server?.child;
  }

  dispose() {
    if (this.server?.child.exitCode === null) this.server.child.kill("SIGKILL");
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** HAProxy in the foreground on deploy/haproxy.cfg, in front of the given web processes. */
export class Balancer {
  private child: ChildProcess | undefined;
  private log = "";

  private constructor(readonly port: number) {}

  /** On `port`, the origin the app processes were given as PUBLIC_ORIGIN. */
  static async start(port: number, web: AppProcess[], timeoutMs: number): Promise<Balancer> {
    if (!existsSync(HAPROXY)) {
      throw new Error(
        `HAProxy is missing at ${HAPROXY}: run scripts/ensure-haproxy.sh (npm test does) or set HAPROXY_PATH`,
      );
    }
    const balancer = new Balancer(port);
    const env = {
      ...process.env,
      SHUTTERHAIL_BIND: `127.0.0.1:${balancer.port}`,
      SHUTTERHAIL_TLS: "",
      ...Object.fromEntries(web.map((w, i) => [`SHUTTERHAIL_WEB${i + 1}`, `127.0.0.1:${w.port}`])),
    };
    const child = spawn(HAPROXY, ["-db", "-f", HAPROXY_CONFIG], { env, stdio: "pipe" });
    balancer.child = child;
    const collect = (chunk: Buffer) => {
      balancer.log += chunk;
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    await waitUntil(
      "HAProxy to pass traffic to a ready web process",
      timeoutMs,
      () => answers(`${balancer.url}/api/ready`, 200),
      () => (child.exitCode === null ? undefined : `haproxy exited: ${balancer.log}`),
    );
    return balancer;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** HAProxy's log lines so far (its server state changes among them). */
  get output() {
    return this.log;
  }

  stop() {
    if (this.child?.exitCode === null) this.child.kill("SIGKILL");
  }
}

/** A fixed free port for each of `count` processes. */
export async function ports(count: number): Promise<number[]> {
  const taken: number[] = [];
  while (taken.length < count) {
    const port = await freePort();
    if (!taken.includes(port)) taken.push(port);
  }
  return taken;
}
