import pg from "pg";
import { describe, expect, it } from "vitest";
import { startTestApp } from "./test-app.ts";
import { createTestDatabase } from "./test-database.ts";

// The suite must leave no database behind on the PostgreSQL server it tests against.

async function ownDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 order by datname",
      [`sh_test_${process.pid}_%`],
    );
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

describe("test databases", () => {
  it("are dropped on close", async () => {
    const before = await ownDatabases();
    const database = await createTestDatabase();
    expect((await ownDatabases()).length).toBe(before.length + 1);
    await database.close();
    expect(await ownDatabases()).toEqual(before);
  });

  it("are dropped when a test app cannot start", async () => {
    const before = await ownDatabases();
    // Production refuses to start without its own secrets.
    await expect(startTestApp({ NODE_ENV: "production" })).rejects.toThrow();
    expect(await ownDatabases()).toEqual(before);
  });
});
