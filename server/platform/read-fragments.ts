import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * A query builder that never runs a query: the owner of a table builds with it the read
 * fragments other domains compose into their own statements (decision 007), e.g.
 * `.innerJoin(bookingRows.as("b"), "b.id", "x.booking_id")` or sql`from ${bookingRows} b`.
 * A fragment is a sub-select; PostgreSQL plans it as the table itself (indexes included).
 */
export const fragmentBuilder = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
