import { createInterface } from "node:readline";
import { acquireDataDirLock, DataDirInUseError } from "../db/data-dir-lock.ts";

// One of many processes racing for a data-directory lock (data-dir-lock.unit.test.ts).
// Each stdin line {dataDir, startAt} is a round: spin until startAt so every contender calls
// at once, try the lock, answer one line. A lock won is kept until the process ends.
for await (const line of createInterface({ input: process.stdin })) {
  const { dataDir, startAt } = JSON.parse(line) as { dataDir: string; startAt: number };
  while (Date.now() < startAt) {
    // Spin: a timer would spread the contenders out.
  }
  let answer: { acquired: true } | { acquired: false; holder?: number; error?: string };
  try {
    acquireDataDirLock(dataDir);
    answer = { acquired: true };
  } catch (error) {
    answer =
      error instanceof DataDirInUseError
        ? { acquired: false, holder: error.pid }
        : { acquired: false, error: String(error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
