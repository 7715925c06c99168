import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database.ts";
import { compiledOnce, compiledOncePerKeys } from "./compiled-once.ts";
import type { Database } from "./database.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insertInto("user")
    .values(
      ["ada", "bo", "cy"].map((name, i) => ({
        id: crypto.randomUUID(),
        name,
        email: `${name}-compiled-once@example.test`,
        emailVerified: i % 2 === 0,
        createdAt: new Date(Date.UTC(2026, 0, i + 1)),
      })),
    )
    .execute();
});
afterAll(() => database?.close());

let builds = 0;
const verifiedSince = compiledOnce((db, since: Date, limit: number) => {
  builds += 1;
  return db
    .selectFrom("user")
    .select("name")
    .where("email", "like", "%-compiled-once@example.test")
    .where((eb) => eb.or([eb("createdAt", ">=", since), eb("emailVerified", "=", true)]))
    .orderBy("name")
    .limit(limit);
});

describe("compiledOnce", () => {
  it("builds once and answers each call with its own values, as the built query would", async () => {
    const names = async (since: Date, limit: number) =>
      (await verifiedSince(database.db, since, limit)).map((r) => r.name);
    expect(await names(new Date(Date.UTC(2026, 0, 2)), 10)).toEqual(["ada", "bo", "cy"]);
    expect(await names(new Date(Date.UTC(2027, 0, 1)), 10)).toEqual(["ada", "cy"]);
    expect(await names(new Date(Date.UTC(2027, 0, 1)), 1)).toEqual(["ada"]);
    expect(builds).toBe(1);
  });

  it("runs inside a transaction on the transaction's connection", async () => {
    const rows = await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("user")
        .set({ emailVerified: true })
        .where("email", "=", "bo-compiled-once@example.test")
        .execute();
      return verifiedSince(trx, new Date(Date.UTC(2027, 0, 1)), 10);
    });
    expect(rows.map((r) => r.name)).toEqual(["ada", "bo", "cy"]);
  });

  it("refuses a build that uses an argument other than as a parameter", async () => {
    const branching = compiledOnce((db, name: string, everyone: boolean) => {
      const all = db.selectFrom("user").select("name");
      return everyone ? all : all.where("name", "=", name);
    });
    const spreading = compiledOnce((db, names: string[]) =>
      db.selectFrom("user").select("name").where("name", "in", names),
    );
    await expect(branching(database.db, "ada", false)).rejects.toThrow(/not a parameter/);
    await expect(spreading(database.db, ["ada"])).rejects.toThrow();
  });

  it("compiles per set of keys given, leaving out a key whose value is undefined", async () => {
    let shapes = 0;
    const insertUser = compiledOncePerKeys(
      (db, values: { id: string; name: string; email: string; emailVerified?: boolean }) => {
        shapes += 1;
        return db.insertInto("user").values(values).returning(["name", "emailVerified"]);
      },
    );
    const user = (name: string, emailVerified?: boolean) => ({
      id: crypto.randomUUID(),
      name,
      email: `${name}-per-keys@example.test`,
      emailVerified,
    });
    const [dee] = await insertUser(database.db, user("dee"));
    const [eve] = await insertUser(database.db, user("eve", true));
    const [fay] = await insertUser(database.db, user("fay", false));
    const [gus] = await insertUser(database.db, user("gus"));
    // The column's default where the key was left out; each call's own values.
    expect([dee, eve, fay, gus]).toEqual([
      { name: "dee", emailVerified: false },
      { name: "eve", emailVerified: true },
      { name: "fay", emailVerified: false },
      { name: "gus", emailVerified: false },
    ]);
    expect(shapes).toBe(2);
  });
});
