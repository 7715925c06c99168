import type { CreatorType } from "../../contracts/enums.ts";
import type { CreateHailRequest, CreateHailResponse, Hail } from "../../contracts/hail.ts";
import { createCreator, type Db } from "../db/factories.ts";
import { createVerifiedUser } from "./accounts.ts";
import type { Party } from "./bookings.ts";
import { freshKey } from "./bookings.ts";
import { jsonRequest } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

// Hail journeys over real HTTP: creators put online with a heartbeat row, clients hailing.

/** A point `miles` north of `from` (a degree of latitude is 69.05 miles on earthdistance's sphere). */
export const northOf = (from: { lat: number; lng: number }, miles: number) => ({
  lat: from.lat + miles / 69.05,
  lng: from.lng,
});

export type OnlineCreator = Party & { profileId: string };

/**
 * A listed creator who can sign in, based at `base`, live at `live` (default: the base), with
 * a heartbeat at `seenAt` (null: no presence row), available now unless `available` false, and
 * no minimum notice unless given.
 */
export async function onlineCreator(
  app: TestApp,
  options: {
    base: { lat: number; lng: number };
    live?: { lat: number; lng: number };
    seenAt: Date | null;
    available?: boolean;
    rateCents?: number;
    type?: CreatorType;
    specialties?: string[];
    travelRadius?: number;
    /** Default 0: hails for right now reach them. */
    minNoticeMinutes?: number;
    name?: string;
  },
): Promise<OnlineCreator> {
  const account = await createVerifiedUser(app, { name: options.name ?? "Hail Creator" });
  const live = options.live ?? options.base;
  const { profile } = await createCreator(app.database.db, {
    userId: account.userId,
    fullName: options.name ?? "Hail Creator",
    lat: options.base.lat,
    lng: options.base.lng,
    availableNow: options.available ?? true,
    travelLat: live.lat,
    travelLng: live.lng,
    hourlyRateCents: options.rateCents ?? 15_000,
    type: options.type ?? "photographer",
    ...(options.specialties ? { specialties: options.specialties } : {}),
    travelRadius: options.travelRadius ?? 25,
    minNoticeMinutes: options.minNoticeMinutes ?? 0,
  });
  if (options.seenAt) await heartbeat(app.database.db, profile.id, options.seenAt);
  return {
    userId: account.userId,
    email: account.email,
    cookie: account.cookie,
    profileId: profile.id,
  };
}

/** A presence row as the availability feature's heartbeat leaves it. */
export async function heartbeat(db: Db, profileId: string, at: Date) {
  await db
    .insertInto("creator_presence")
    .values({ profile_id: profileId, online_since: at, last_seen_at: at, position_at: at })
    .onConflict((oc) => oc.column("profile_id").doUpdateSet({ last_seen_at: at }))
    .execute();
}

export async function hailClient(app: TestApp): Promise<Party> {
  const account = await createVerifiedUser(app, { name: "Hail Client" });
  return { userId: account.userId, email: account.email, cookie: account.cookie };
}

export function requestHail(
  app: TestApp,
  client: Party,
  input: Partial<CreateHailRequest>,
  key = freshKey(),
) {
  return app.fetch(
    "/api/hails",
    jsonRequest(
      "POST",
      {
        service: "Photography",
        hours: 2,
        location: "1 Ocean Dr, Miami, FL 33139",
        startInMinutes: 0,
        radiusMiles: 10,
        ...input,
      },
      client.cookie,
      { "Idempotency-Key": key },
    ),
  );
}

export async function hail(app: TestApp, client: Party, input: Partial<CreateHailRequest>) {
  const response = await requestHail(app, client, input);
  if (response.status !== 201)
    throw new Error(`hail failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreateHailResponse;
}

export async function readHail(app: TestApp, client: Party, id: string) {
  const response = await app.fetch(`/api/hails/${id}`, { headers: { cookie: client.cookie } });
  if (response.status !== 200) throw new Error(`read failed: ${response.status}`);
  return ((await response.json()) as { hail: Hail }).hail;
}

export function offerAction(app: TestApp, creator: Party, hailId: string, action: string) {
  return app.fetch(`/api/hail-offers/${hailId}/${action}`, jsonRequest("POST", {}, creator.cookie));
}

/** The realtime events of a topic, with who they were for. */
export async function eventsOf(app: TestApp, topic: string, afterId = 0) {
  return app.database.db
    .selectFrom("realtime_events")
    .select(["id", "user_id", "payload"])
    .where("topic", "=", topic)
    .where("id", ">", afterId)
    .orderBy("id")
    .execute();
}

export async function lastEventId(app: TestApp) {
  const row = await app.database.db
    .selectFrom("realtime_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
