import type pg from "pg";
import { allUsZips } from "../../server/platform/geo.ts";

// A realistic marketplace at scale: creators spread over US ZIP codes (denser where ZIP codes
// are), a mix of travel radii, ~3 reviews, 6 portfolio images and ~2 bookings each.
const CLIENTS = 2000;
const LOADED_TABLES = ["user", "photographer_profiles", "portfolio_items", "reviews", "bookings"];

/**
 * Drops the loaded tables' plain indexes (not those behind a constraint) and returns what
 * rebuilds them: one bulk build per index after the load is much faster than maintaining a
 * dozen GiST indexes row by row (and again for the stats update).
 */
async function dropPlainIndexes(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = any(select t::regclass from unnest($1::text[]) t)
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [LOADED_TABLES.map((t) => `public."${t}"`)],
  );
  for (const row of rows) await client.query(`drop index ${row.name}`);
  return rows.map((r) => r.def);
}

export const benchZips = () => allUsZips();

/** Fills an empty, migrated database with `count` creators and their rows, in bulk SQL. */
export async function generateCreators(pool: pg.Pool, count: number): Promise<void> {
  const zips = benchZips();
  const client = await pool.connect();
  const step = async (label: string, sql: string | string[], params: unknown[] = []) => {
    const started = performance.now();
    for (const statement of [sql].flat()) await client.query(statement, params);
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  try {
    // Bulk load without per-row triggers (the stats they keep are computed once below) and
    // without plain indexes (built once at the end), in one transaction: a run cut short
    // leaves the empty tables and their indexes as they were.
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    await client.query("set local maintenance_work_mem = '256MB'");
    const indexes = await dropPlainIndexes(client);
    await step(
      "users",
      `insert into "user" (id, name, email, "emailVerified", "signedUpAs")
       select 'bc-' || g, 'Bench Creator ' || g, 'bench-creator-' || g || '@example.test', true, 'creator'
         from generate_series(1, $1::int) g
       union all
       select 'bu-' || g, 'Bench Client ' || g, 'bench-client-' || g || '@example.test', true, 'client'
         from generate_series(1, $2::int) g`,
      [count, CLIENTS],
    );
    await step(
      "creators",
      `with z as (
         select * from unnest($2::float8[], $3::float8[], $4::text[]) with ordinality as z(lat, lng, city, i)
       )
       insert into photographer_profiles (user_id, full_name, bio, specialties, creator_type, city,
         hourly_rate_cents, travel_radius, base_lat, base_lng, travel_lat, travel_lng, available_now,
         is_published, approved, is_complete, completion_percent, setup_step)
       select 'bc-' || g, 'Bench Creator ' || g, 'Creator at scale.',
         array[(array['Photography','Videography','Content Creation'])[g % 3 + 1],
               (array['Wedding','Portrait','Event','Social Media','Fashion','Product'])[(g / 3) % 6 + 1]],
         (array['photographer','videographer','content creator'])[g % 3 + 1],
         z.city, 8000 + (g % 30) * 1000,
         (array[10,10,10,25,25,25,25,50,50,100])[g % 10 + 1],
         z.lat + (random() - 0.5) * 0.04, z.lng + (random() - 0.5) * 0.04,
         case when g % 10 = 0 then z.lat end, case when g % 10 = 0 then z.lng end, g % 10 = 0,
         g % 20 <> 0, g % 25 <> 0, true, 100, 5
       from generate_series(1, $1::int) g
       join z on z.i = (g::bigint * 7919) % $5 + 1`,
      [
        count,
        zips.map((z) => z.lat),
        zips.map((z) => z.lng),
        zips.map((z) => `${z.city}, ${z.state}`),
        zips.length,
      ],
    );
    await step(
      "portfolio items",
      `insert into portfolio_items (user_id, image_path, caption, sort_order)
       select p.user_id, 'public/bench/' || p.id || '/' || k, 'Shot ' || k, k
         from photographer_profiles p cross join generate_series(0, 5) k`,
    );
    await step(
      "reviews",
      `insert into reviews (creator_profile_id, author_name, rating, comment)
       select p.id, 'Client ' || k, 3 + (abs(hashtext(p.id::text || k)) % 3), 'Great session.'
         from photographer_profiles p
         cross join lateral generate_series(1, abs(hashtext(p.id::text)) % 7) k`,
    );
    await step(
      "bookings",
      `insert into bookings (client_user_id, creator_profile_id, start_time, end_time, duration_minutes,
         location, hourly_rate_cents, subtotal_cents, fee_cents, total_amount_cents,
         deposit_amount_cents, remainder_cents, status)
       select 'bu-' || (abs(hashtext(p.id::text || k)) % ${CLIENTS} + 1), p.id, s, s + interval '2 hours', 120,
         'Somewhere, USA', 15000, 30000, 1500, 31500, 9000, 22500,
         case k when 1 then 'completed' else 'confirmed' end
       from photographer_profiles p
       cross join generate_series(1, 2) k
       cross join lateral (select case k
         when 1 then current_date - (abs(hashtext(p.id::text)) % 300 + 1) + time '15:00'
         else current_date + (abs(hashtext(p.id::text)) % 60 + 1) + time '15:00' end as s) t`,
    );
    await step(
      "profile stats",
      `update photographer_profiles p
          set rating_avg = s.avg, review_count = s.n, jobs_completed = coalesce(j.n, 0)
         from (select creator_profile_id, round(avg(rating), 2) as avg, count(*)::int as n
                 from reviews group by creator_profile_id) s
         left join (select creator_profile_id, count(*)::int as n from bookings
                     where status = 'completed' group by creator_profile_id) j
           on j.creator_profile_id = s.creator_profile_id
        where s.creator_profile_id = p.id`,
    );
    await step(`indexes (${indexes.length})`, indexes);
    await client.query("commit");
    await step("analyze", "analyze");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}
