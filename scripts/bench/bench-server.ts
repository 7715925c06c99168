import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { vapidEnv } from "../../server/test/vapid-env.ts";

/** Production mode needs its own payment-data key; benchmarks store no real payout data. */
const BENCH_PAYMENT_DATA_KEY = Buffer.alloc(32, 7).toString("base64");

const PLACEHOLDER_PAYPAL = {
  PAYPAL_CLIENT_ID: "bench",
  PAYPAL_CLIENT_SECRET: "bench",
  PAYPAL_WEBHOOK_ID: "bench",
  PAYPAL_API_BASE: "http://127.0.0.1:9",
};

export type BenchServer = { url: string; pid: number; stop(): Promise<void> };

/** Starts the built app (dist/server/main.js) as its own process with `env`; builds it if needed. */
export async function startBenchServer(
  env: Record<string, string>,
  port: number,
  /** outbox: no SMTP server (test mode only), so mail stays in the outbox, never retried. */
  options: { mail?: "smtp" | "outbox" } = {},
): Promise<BenchServer> {
  if (!existsSync("dist/server/main.js") || !existsSync("dist/web/index.html")) {
    execSync("npm run build", { stdio: "inherit" });
  }
  // BENCH_SERVER_NODE_FLAGS: Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
  // (not allowed in NODE_OPTIONS).
  const flags = (process.env.BENCH_SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...flags, "dist/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      PAYMENT_DATA_KEY: BENCH_PAYMENT_DATA_KEY,
      // Production requires both; benchmarks neither sign in nor send mail.
      PUBLIC_ORIGIN: "https://bench.shutterhail.invalid",
      ...(options.mail === "outbox" ? {} : { SMTP_URL: "smtp://127.0.0.1:9" }),
      // Production requires PayPal (never the sandbox); benchmarks of pages pay nothing, so
      // the credentials are placeholders and PayPal's address goes nowhere. A bench that pays
      // runs its servers in test mode, on the built-in sandbox.
      ...((env.NODE_ENV ?? "production") === "production" ? PLACEHOLDER_PAYPAL : {}),
      ...vapidEnv(),
      DEMO_SEED: "off",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // A bench that dies (an uncaught error) must not leave its server running.
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off("exit", killOnExit);
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
