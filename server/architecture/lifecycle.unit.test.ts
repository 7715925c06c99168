import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../platform/project-root.ts";

// A status changes only through its domain's lifecycle table: the one query that writes it is
// called from the lifecycle file alone (tests, factories and the demo seed aside).

const SERVER = path.join(PROJECT_ROOT, "server");

function shippedFiles(): { file: string; text: string }[] {
  return readdirSync(SERVER, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !/\/server\/(test|db\/seed|fuzz)\//.test(file))
    .filter((file) => !file.endsWith("/db/factories.ts"))
    .map((file) => ({ file: path.relative(PROJECT_ROOT, file), text: readFileSync(file, "utf8") }));
}

/** Files that call `fn(` (a definition `function fn(` does not count). */
function callersOf(fn: string): string[] {
  const call = new RegExp(`(?<!function )\\b${fn}\\(`);
  return shippedFiles()
    .filter(({ text }) => call.test(text))
    .map(({ file }) => file)
    .sort();
}

describe("statuses change only through their lifecycle", () => {
  it.each([
    ["bookings", "transitionBooking", ["server/features/bookings/transition.ts"]],
    ["bookings (beginnings)", "insertBooking", ["server/features/bookings/transition.ts"]],
    ["hails", "transitionHail", ["server/features/hail/lifecycle.ts"]],
    [
      "hails (the accept)",
      "claimHail",
      ["server/features/hail/lifecycle.ts", "server/features/hail/offers.ts"],
    ],
    ["deliveries", "transitionDelivery", ["server/features/delivery/lifecycle.ts"]],
  ])("%s: %s is called from its lifecycle only", (_what, fn, allowed) => {
    const queries = callersOf(fn).filter((f) => !f.endsWith("queries.ts"));
    expect(queries).toEqual([...allowed].sort());
  });

  it("payouts: only the lifecycle passes a status to movePayout", () => {
    const offenders = shippedFiles()
      .filter(({ file }) => !file.endsWith("payouts/lifecycle.ts"))
      .filter(({ text }) => /movePayout\([^)]*status:/s.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it("finds a caller outside the lifecycle when there is one", () => {
    const fake = "await q.transitionBooking(trx, id, [], 'x', {}, now)";
    expect(/(?<!function )\btransitionBooking\(/.test(fake)).toBe(true);
    expect(/movePayout\([^)]*status:/s.test('movePayout(trx, id, ["a"], { status: "paid" })')).toBe(
      true,
    );
  });
});
