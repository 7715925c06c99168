import { sql } from "kysely";
import type { Config } from "../../config.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Database } from "../database.ts";
import { createBooking, createReview, type Db } from "../factories.ts";
import { seedApplications } from "./applications.ts";
import { artworkSources, avatarSource } from "./artwork.ts";
import { type SeededCreator, seedCreators } from "./creators.ts";
import { DEMO_CREATORS } from "./creators-data.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts.ts";
import { encodeAll } from "./encoded-images.ts";
import { createRandom } from "./random.ts";

// An arbitrary constant: two processes starting on one empty database seed it once.
const SEED_LOCK_ID = 7_420_012;
const ARTWORK_POOL_SIZE = 24;
const DAY = 24 * 60 * 60 * 1000;

export type SeedDeps = {
  config: Pick<Config, "demoSeed" | "env" | "authSecret">;
  database: Pick<Database, "db">;
  storage: Storage;
  log: Logger;
};

export type SeedResult =
  | { seeded: false; reason: "disabled" | "production" | "not-empty" }
  | { seeded: true; ms: number; creators: number };

/**
 * Fills an empty database with the demo world (DEMO_SEED=auto). Never touches real data: if
 * any user exists it does nothing. Everything is written in one transaction under an
 * advisory lock, so a failed seed leaves no half world and two processes never both seed.
 */
export async function seedDemoIfEmpty(deps: SeedDeps): Promise<SeedResult> {
  const { config, database, log } = deps;
  if (!config.demoSeed) return { seeded: false, reason: "disabled" };
  if (config.env === "production") {
    log.info("demo seed skipped: never in production (NODE_ENV=production)");
    return { seeded: false, reason: "production" };
  }
  const started = performance.now();
  const creators = await database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`.execute(trx);
    const anyUser = await trx.selectFrom("user").select("id").limit(1).executeTakeFirst();
    if (anyUser) return null;
    return seedDemoWorld(trx, deps.storage, config.authSecret);
  });
  if (creators === null) return { seeded: false, reason: "not-empty" };
  const ms = Math.round(performance.now() - started);
  const { admin, client, creatorPassword, creatorEmailDomain } = DEMO_ACCOUNTS;
  log.info(
    { ms, creators },
    `demo world seeded in ${(ms / 1000).toFixed(1)} s: ${creators} creators. Demo sign-ins — ` +
      `admin: ${admin.email} / ${admin.password} (authenticator key ${admin.totpKey}); client: ${client.email} / ${client.password}; ` +
      `any creator: firstname.lastname@${creatorEmailDomain} (e.g. sofia.martinez@${creatorEmailDomain}) / ${creatorPassword}`,
  );
  return { seeded: true, ms, creators };
}

/** The demo world itself; `db` should be a transaction. Returns the number of creators. */
export async function seedDemoWorld(db: Db, storage: Storage, authSecret: string): Promise<number> {
  const random = createRandom(20_260_401);
  const accounts = await seedDemoAccounts(db, authSecret);
  const artworks = await encodeAll(artworkSources(ARTWORK_POOL_SIZE, random));
  const avatars = await encodeAll(DEMO_CREATORS.map((c, i) => avatarSource(c.name, i)));
  const creators = await seedCreators({
    db,
    storage,
    random,
    artworks,
    avatars,
    clients: accounts.clients,
    creatorPasswordHash: accounts.creatorPasswordHash,
  });
  await seedApplications(db, random, { adminId: accounts.adminId, creators });
  await seedClientBookings(db, accounts.demoClient.id, creators);
  return creators.length;
}

/** The demo client has a past, an upcoming and an unanswered booking to look at. */
async function seedClientBookings(db: Db, clientId: string, creators: SeededCreator[]) {
  const [sofia, marcus, isabella] = creators as [SeededCreator, SeededCreator, SeededCreator];
  const at = (days: number, hourUtc: number) => {
    const date = new Date(Date.now() + days * DAY);
    date.setUTCHours(hourUtc, 0, 0, 0);
    return date;
  };
  const past = await createBooking(db, {
    creatorProfileId: sofia.profile.id,
    clientUserId: clientId,
    startTime: at(-21, 22),
    hours: 2,
    status: "completed",
    location: "South Pointe Park, Miami Beach, FL",
    eventType: "Engagement session",
    createdAt: at(-35, 15),
  });
  await createReview(db, {
    creatorProfileId: sofia.profile.id,
    bookingId: past.id,
    authorUserId: clientId,
    authorName: "Jamie L.",
    rating: 5,
    comment: "Sofia picked the perfect spot for golden hour. Our engagement photos are stunning!",
    createdAt: at(-18, 16),
  });
  await createBooking(db, {
    creatorProfileId: marcus.profile.id,
    clientUserId: clientId,
    startTime: at(6, 15),
    hours: 3,
    status: "confirmed",
    location: "Las Olas Boulevard, Fort Lauderdale, FL",
    eventType: "Product launch",
    notes: "Indoor and outdoor shots; parking in the garage on SE 3rd Ave.",
    createdAt: at(-4, 14),
  });
  await createBooking(db, {
    creatorProfileId: isabella.profile.id,
    clientUserId: clientId,
    startTime: at(10, 17),
    hours: 2,
    status: "pending",
    location: "Lincoln Road, Miami Beach, FL",
    eventType: "Brand reels",
    createdAt: at(-1, 18),
  });
}
