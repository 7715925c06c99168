import type { Database } from "../db/database.ts";
import type { FailedJob } from "./jobs.ts";

// pg-boss's own tables, read over the pool (they are not in the app's schema.ts).

/** Jobs of the named queues that are running, or waiting and due now. */
export async function countPendingJobs(
  database: Database,
  schema: string,
  names: string[],
): Promise<number> {
  const { rows } = await database.pool.query<{ pending: number }>(
    `select count(*)::int as pending from ${schema}.job
      where name = any($1) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
    [names],
  );
  return rows[0]?.pending ?? 0;
}

/** Jobs of a queue that used up their retries, newest first. */
export async function failedJobs(
  database: Database,
  schema: string,
  name: string,
  limit: number,
): Promise<FailedJob[]> {
  const { rows } = await database.pool.query<{
    id: string;
    data: unknown;
    output: { message?: string } | null;
    retry_count: number;
    created_on: Date;
    completed_on: Date | null;
  }>(
    `select id, data, output, retry_count, created_on, completed_on from ${schema}.job
      where name = $1 and state = 'failed' order by completed_on desc nulls last limit $2`,
    [name, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    data: r.data,
    error: r.output?.message ?? JSON.stringify(r.output),
    attempts: r.retry_count + 1,
    createdAt: new Date(r.created_on).toISOString(),
    failedAt: r.completed_on ? new Date(r.completed_on).toISOString() : null,
  }));
}
