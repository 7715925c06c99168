import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";

// On the embedded database only the running app may open the data directory, so tooling such
// as `admin:create` asks the app to make the change. The app writes a one-run token into the
// data directory (readable by its own user only); holding it proves access to the machine.
// Routes declared `internal` (see access.ts) accept exactly this token.

type ControlFile = { pid: number; port: number; token: string };

let activeToken: string | undefined;

const controlPath = (config: Config) => path.join(config.dataDir, "control.json");

/** Called once the app listens on the embedded database; returns the clean-up. */
export function openControlChannel(config: Config, port: number): () => void {
  activeToken = randomBytes(32).toString("hex");
  const file: ControlFile = { pid: process.pid, port, token: activeToken };
  writeFileSync(controlPath(config), JSON.stringify(file), { mode: 0o600 });
  return () => {
    activeToken = undefined;
    rmSync(controlPath(config), { force: true });
  };
}

export function readControlFile(config: Config): ControlFile | undefined {
  try {
    return JSON.parse(readFileSync(controlPath(config), "utf8")) as ControlFile;
  } catch {
    return undefined;
  }
}

/** Whether an Authorization header carries the open channel's token. */
export function controlTokenMatches(header: string | undefined): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(activeToken ?? "");
  return (
    expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected)
  );
}
