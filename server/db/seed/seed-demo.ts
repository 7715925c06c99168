import { sql } from "kysely";
import type { Config } from "../../config.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Database } from "../database.ts";
import { createReview, type Db } from "../factories.ts";
import { seedApplications } from "./applications.ts";
import { artworkSources, avatarSource } from "./artwork.ts";
import { seedBackOffice } from "./back-office.ts";
import { type DemoBooking, seedDemoBooking } from "./bookings.ts";
import { type SeededCreator, seedCreators } from "./creators.ts";
import { DEMO_CREATORS } from "./creators-data.ts";
import { seedDemoDeliveries, seedPastDeliveries } from "./deliveries.ts";
import { DEMO_ACCOUNTS, type DemoClient, seedDemoAccounts } from "./demo-accounts.ts";
import { encodeAll } from "./encoded-images.ts";
import { seedHailPresence } from "./hail.ts";
import { seedDemoConversations } from "./messages.ts";
import { seedPayouts } from "./payouts.ts";
import { createRandom } from "./random.ts";
import { seedDemoReviews } from "./reviews.ts";

// An arbitrary constant: two processes starting on one empty database seed it once.
const SEED_LOCK_ID = 7_420_012;
const ARTWORK_POOL_SIZE = 24;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

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
  await seedClientBookings(db, accounts.demoClient.id, creators, accounts.clients);
  await seedDemoDeliveries(db, storage, accounts.demoClient.id, creators, artworks);
  await seedHailPresence(db, creators);
  await seedDemoConversations(db, accounts.demoClient.id, creators);
  await seedDemoReviews(db, accounts.demoClient, creators);
  await seedPayouts(db, creators);
  await seedPastDeliveries(db);
  await seedBackOffice(db);
  return creators.length;
}

/**
 * The demo client has a booking in every state (one awaiting the creator, one whose hold was
 * renewed), and Sofia, the first demo creator, has requests from other clients to answer.
 */
async function seedClientBookings(
  db: Db,
  clientId: string,
  creators: SeededCreator[],
  otherClients: DemoClient[],
) {
  const [sofia, marcus, isabella, fourth, fifth] = creators as SeededCreator[] as [
    SeededCreator,
    SeededCreator,
    SeededCreator,
    SeededCreator,
    SeededCreator,
  ];
  const forClient = (
    creator: SeededCreator,
    story: DemoBooking["story"],
    startsInDays: number,
    bookedAgoMs: number,
    extra: Pick<DemoBooking, "location" | "eventType" | "notes" | "hours">,
  ) =>
    seedDemoBooking(db, {
      creatorProfileId: creator.profile.id,
      clientUserId: clientId,
      startsInMs: startsInDays * DAY,
      bookedAgoMs,
      story,
      ...extra,
    });
  const past = await forClient(sofia, "completed", -21, -35 * DAY, {
    hours: 2,
    location: "South Pointe Park, Miami Beach, FL",
    eventType: "Engagement session",
  });
  await createReview(db, {
    creatorProfileId: sofia.profile.id,
    bookingId: past.id,
    authorUserId: clientId,
    authorName: "Jamie L.",
    rating: 5,
    comment: "Sofia picked the perfect spot for golden hour. Our engagement photos are stunning!",
    createdAt: new Date(Date.now() - 18 * DAY),
  });
  await forClient(marcus, "confirmed", 2, -1 * DAY, {
    hours: 3,
    location: "Las Olas Boulevard, Fort Lauderdale, FL",
    eventType: "Product launch",
    notes: "Indoor and outdoor shots; parking in the garage on SE 3rd Ave.",
  });
  await forClient(isabella, "awaiting_creator", 10, -2 * HOUR, {
    hours: 2,
    location: "Lincoln Road, Miami Beach, FL",
    eventType: "Brand reels",
  });
  await forClient(fourth, "confirmed_balance_held", 1, -8 * DAY, {
    hours: 4,
    location: "Vizcaya Museum & Gardens, 3251 S Miami Ave, Miami, FL 33129",
    eventType: "Family portraits",
  });
  await forClient(fifth, "awaiting_payment", 14, -5 * 60 * 1000, {
    hours: 1,
    location: "Bayfront Park, 301 Biscayne Blvd, Miami, FL 33132",
    eventType: "Headshots",
  });
  await forClient(marcus, "declined", 5, -3 * DAY, {
    hours: 2,
    location: "Wynwood Walls, Miami, FL",
    eventType: "Street style",
  });
  await forClient(isabella, "cancelled_by_client", 25, -6 * DAY, {
    hours: 3,
    location: "Coral Gables, FL",
    eventType: "Birthday party",
  });
  await forClient(fourth, "request_expired", 4, -4 * DAY, {
    hours: 1,
    location: "Key Biscayne, FL",
    eventType: "Beach portraits",
  });
  // Requests for Sofia to answer, and one she accepted.
  const requests: Array<[number, number, DemoBooking["story"], string]> = [
    [3, -3 * HOUR, "awaiting_creator", "Maternity shoot"],
    [7, -40 * 60 * 1000, "awaiting_creator", "Corporate headshots"],
    [12, -2 * DAY, "confirmed", "Anniversary dinner"],
  ];
  for (const [index, [days, ago, story, eventType]] of requests.entries()) {
    const client = otherClients[index % otherClients.length]!;
    await seedDemoBooking(db, {
      creatorProfileId: sofia.profile.id,
      clientUserId: client.id,
      startsInMs: days * DAY,
      bookedAgoMs: ago,
      story,
      hours: 2,
      location: "Brickell City Centre, 701 S Miami Ave, Miami, FL 33131",
      eventType,
    });
  }
}
