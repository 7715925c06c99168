// npm run bench: every benchmark in turn, each its own process (one failing does not hide others).
import { spawnSync } from "node:child_process";

const BENCHES = ["scripts/bench/search.ts"];

let failed = false;
for (const bench of BENCHES) {
  console.log(`\n=== ${bench} ===`);
  const { status } = spawnSync(process.execPath, ["--import", "tsx", bench], { stdio: "inherit" });
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
