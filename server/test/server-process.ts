import { type ChildProcess, spawn } from "node:child_process";
import { PROJECT_ROOT } from "../platform/project-root.ts";

/** The real server (server/main.ts) as its own process: on the embedded database, or on
 * PostgreSQL given `databaseUrl`. */
export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Everything it has written to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; output: string }>;
};

export function startServerProcess(options: {
  dataDir: string;
  port: number;
  logLevel?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** A built server to run (e.g. an esbuild bundle) instead of server/main.ts through tsx. */
  script?: string;
}): ServerProcess {
  const args = options.script ? [options.script] : ["--import", "tsx", "server/main.ts"];
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DEMO_SEED: "off",
      LOG_LEVEL: options.logLevel ?? "warn",
      NODE_ENV: "development",
      DATABASE_URL: options.databaseUrl ?? "",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
  return { child, url: `http://127.0.0.1:${options.port}`, output: () => output, exited };
}

export async function waitHealthy(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited: ${server.child.exitCode}\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.url}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become healthy");
}
