// Runs every benchmark in order, each in its own process, and fails if any fails.
// Each module is a standalone script printing its own figures.
import { spawnSync } from "node:child_process";
import path from "node:path";

const BENCHES = ["startup.ts"];

let failed = 0;
for (const bench of BENCHES) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, bench)],
    {
      stdio: "inherit",
    },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
