import { describe, expect, it } from "vitest";
import { matchingLines, type SourceFile, shippedSources } from "./source-files.ts";

// SQL (a Kysely statement or a sql`` template) lives only in `*queries.ts` files, private to
// their domain, and in `*fragments.ts` files: the read fragments a domain lends other domains'
// queries (decision 007). Transactions are not SQL here: a service opens one around its rule.

const SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom|with|withRecursive|innerJoin|leftJoin|rightJoin|fullJoin)\(|\bsql(<[^`]*>)?`|\bsql\.(raw|ref|lit|join|id|val|table)\(/;

const SQL_FILE = /(queries|fragments)\.ts$/;

/** Platform mechanisms that speak to the database outside a queries file, and why. */
const PLATFORM_EXCEPTIONS: Record<string, string> = {
  "server/platform/idempotency.ts":
    "the retry-key mechanism every domain's write runs inside: claim (with its advisory lock) and store are the mechanism itself",
  "server/platform/attempts.ts":
    "the sign-in attempt counter: one table, counted and pruned by the mechanism that owns it",
  "server/platform/mail.ts":
    "the mail outbox: enqueue in the caller's transaction, claim and mark delivery in the queue worker",
};

function sqlOutsideQueries(sources: SourceFile[], exceptions: Record<string, string> = {}) {
  return sources
    .filter(({ file }) => !SQL_FILE.test(file) && !Object.hasOwn(exceptions, file))
    .flatMap((source) => matchingLines(source, SQL));
}

describe("SQL lives in *queries.ts", () => {
  it("no feature file outside *queries.ts / *fragments.ts holds SQL", () => {
    expect(sqlOutsideQueries(shippedSources("server/features"))).toEqual([]);
  });

  it("no platform file outside its queries files holds SQL, but the stated exceptions", () => {
    expect(sqlOutsideQueries(shippedSources("server/platform"), PLATFORM_EXCEPTIONS)).toEqual([]);
    for (const [file, reason] of Object.entries(PLATFORM_EXCEPTIONS)) {
      expect(
        shippedSources("server/platform").some((s) => s.file === file),
        file,
      ).toBe(true);
      expect(reason.length, file).toBeGreaterThan(20);
    }
  });

  it("finds a builder call, a sql template and a sql helper", () => {
    const lines = [
      'const rows = await db.selectFrom("bookings").selectAll().execute();',
      "await trx",
      '  .updateTable("payouts")',
      "await sql`select 1`.execute(db);",
      "sql<number>`count(*)`",
      "sql.ref(column)",
      "await deps.database.db.transaction().execute(run);",
    ];
    const source = { file: "server/features/x/service.ts", text: lines.join("\n") };
    expect(sqlOutsideQueries([source])).toHaveLength(5);
    expect(sqlOutsideQueries([{ ...source, file: "server/features/x/queries.ts" }])).toEqual([]);
  });
});
