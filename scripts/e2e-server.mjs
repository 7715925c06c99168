// The app as end-to-end tests see it: the built server on a fresh embedded database.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const dataDir = `.test-data/e2e-${process.env.PORT ?? "default"}`;
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ["dist/server/main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    // Links in mail must lead back to the address the browser tests use.
    PUBLIC_ORIGIN: `http://127.0.0.1:${process.env.PORT}`,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
