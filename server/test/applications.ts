import type { TestApp } from "./test-app.ts";

/** The application's status as stored. */
export async function applicationStatus(app: TestApp, id: string) {
  const row = await app.database.db
    .selectFrom("applications")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.status;
}
