import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_READER_EXCEPTIONS, TABLE_OWNERS, type TableName } from "./table-owners.ts";

const SERVER = path.resolve(import.meta.dirname, "..");
// Migrations, the factories and the demo seed build every table's rows; tests set up data.
const EXEMPT = [path.join(SERVER, "db"), path.join(SERVER, "test")];

type TableUse = { table: TableName; write: boolean; how: string };

const BUILDER =
  /\.(selectFrom|updateTable|insertInto|deleteFrom|mergeInto|replaceInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*"(\w+)(?:\s+as\s+\w+)?"/g;
const BUILDER_WRITES = new Set([
  "updateTable",
  "insertInto",
  "deleteFrom",
  "mergeInto",
  "replaceInto",
]);
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const SQL_TABLE = /\b(delete\s+from|insert\s+into|update|from|join)\s+"?(\w+)"?/gi;

function isTable(name: string): name is TableName {
  return Object.hasOwn(TABLE_OWNERS, name);
}

/** Every table a source file names in a Kysely builder call or inside a sql`` template. */
function tableUses(source: string): TableUse[] {
  const uses: TableUse[] = [];
  for (const [, call, table] of source.matchAll(BUILDER)) {
    if (table && call && isTable(table)) {
      uses.push({ table, write: BUILDER_WRITES.has(call), how: call });
    }
  }
  for (const [, text] of source.matchAll(SQL_TEMPLATE)) {
    for (const [, verb, table] of (text ?? "").matchAll(SQL_TABLE)) {
      if (table && verb && isTable(table)) {
        const how = verb.toLowerCase().replace(/\s+/, " ");
        uses.push({ table, write: how !== "from" && how !== "join", how: `sql ${how}` });
      }
    }
  }
  return uses;
}

/** "platform" for server/platform, the feature's folder name under server/features. */
function domainOf(file: string): string {
  const [top, feature] = path.relative(SERVER, file).split(path.sep);
  return top === "features" && feature ? feature : (top ?? "");
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return EXEMPT.includes(full) ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("table ownership", () => {
  it("lists every table the migrations create", () => {
    const migrations = path.join(SERVER, "db", "migrations");
    // Replayed in migration order: a table dropped and created again (messages, 100) exists.
    const existing = new Set<string>();
    for (const file of readdirSync(migrations).sort()) {
      const text = readFileSync(path.join(migrations, file), "utf8");
      for (const [, verb = "", table = ""] of text.matchAll(
        /(create|drop) table (?:if exists )?"?(\w+)"?/gi,
      )) {
        if (verb.toLowerCase() === "create") existing.add(table);
        else existing.delete(table);
      }
    }
    const created = [...existing];
    expect(new Set(created)).toEqual(new Set(Object.keys(TABLE_OWNERS)));
  });

  it("finds builder calls, joins and raw SQL", () => {
    const source = `db.selectFrom("user as u").innerJoin("bookings as b", "b.x", "u.y");
      db.updateTable("applications"); sql\`select 1 from portfolio_items i\`;
      sql<number>\`insert into messages (body) values ('x')\`; // from reviews (a comment)`;
    expect(tableUses(source).map((u) => `${u.how} ${u.table}${u.write ? " (write)" : ""}`)).toEqual(
      [
        "selectFrom user",
        "innerJoin bookings",
        "updateTable applications (write)",
        "sql from portfolio_items",
        "sql insert into messages (write)",
      ],
    );
  });

  it("keeps every query of a table in its owner (reads also in its declared readers)", () => {
    const strays = sourceFiles(SERVER).flatMap((file) => {
      const domain = domainOf(file);
      return tableUses(readFileSync(file, "utf8"))
        .filter(({ table, write }) => {
          const rule: { owner: string; readers?: Readonly<Record<string, string>> } =
            TABLE_OWNERS[table];
          return rule.owner !== domain && (write || !Object.hasOwn(rule.readers ?? {}, domain));
        })
        .map(({ table, how }) => `${path.relative(SERVER, file)}: ${how} ${table}`);
    });
    expect(strays).toEqual([]);
  });

  it(`declares at most ${MAX_READER_EXCEPTIONS} reader exceptions, each with its reason`, () => {
    const exceptions = Object.entries(TABLE_OWNERS).flatMap(([table, rule]) =>
      Object.entries((rule as { readers?: Record<string, string> }).readers ?? {}).map(
        ([reader, reason]) => ({ table, reader, reason }),
      ),
    );
    expect(exceptions.length).toBeLessThanOrEqual(MAX_READER_EXCEPTIONS);
    const unexplained = exceptions.filter(({ reason }) => reason.trim().split(/\s+/).length < 5);
    expect(unexplained).toEqual([]);
  });

  it("declares no reader that never reads the table", () => {
    const used = new Set(
      sourceFiles(SERVER).flatMap((file) =>
        tableUses(readFileSync(file, "utf8")).map(({ table }) => `${table} ${domainOf(file)}`),
      ),
    );
    const unused = Object.entries(TABLE_OWNERS).flatMap(([table, rule]) =>
      Object.keys((rule as { readers?: Record<string, string> }).readers ?? {})
        .filter((reader) => !used.has(`${table} ${reader}`))
        .map((reader) => `${table} ${reader}`),
    );
    expect(unused).toEqual([]);
  });
});
