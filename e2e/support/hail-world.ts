import { sql } from "kysely";
import { createCreator, createUser } from "../../server/db/factories.ts";
import { startTestApp, type TestApp } from "../../server/test/test-app.ts";

export const PASSWORD = "e2e-password-123";

export type Account = { email: string; password: string; name: string };

/** Downtown Miami: where the client stands, and the creators wait close by. */
export const CLIENT_POSITION = { latitude: 25.7743, longitude: -80.1937 };
export const CLIENT_ADDRESS = "100 Biscayne Blvd, Miami, FL 33132";

export type HailWorld = {
  app: TestApp;
  url: string;
  client: Account;
  /** $150/h, about 0.7 mi from the client. */
  nora: Account & { profileId: string };
  /** $120/h, about 1.4 mi from the client. */
  omar: Account & { profileId: string };
  /** Both creators online now: a fresh heartbeat and their live position near the client. */
  bringOnline(): Promise<void>;
};

/**
 * The app over a fresh database (payments on the built-in sandbox provider) with one client
 * and two photographers who can sign in, online near the client: their presence is written
 * straight into the tables the heartbeats keep (creator_presence, available_now and the live
 * position), as if their phones were sending them.
 */
export async function startHailWorld(): Promise<HailWorld> {
  const app = await startTestApp({ LOG_LEVEL: "silent" });
  const db = app.database.db;
  const makeCreator = (fullName: string, hourlyRateCents: number, lat: number, lng: number) =>
    createCreator(db, {
      fullName,
      hourlyRateCents,
      type: "photographer",
      specialties: ["Photography", "Portrait"],
      lat,
      lng,
      travelRadius: 25,
      availableNow: true,
      // Hails for right now reach only creators whose minimum notice allows it.
      minNoticeMinutes: 0,
      user: { password: PASSWORD, emailVerified: true },
    });
  const nora = await makeCreator("Nora Frame", 15_000, 25.7845, -80.1903);
  const omar = await makeCreator("Omar Lens", 12_000, 25.7617, -80.1918);
  const client = await createUser(db, {
    name: "Cleo Client",
    password: PASSWORD,
    emailVerified: true,
  });
  const profileIds = [nora.profile.id, omar.profile.id];

  const bringOnline = async () => {
    await sql`
      insert into creator_presence (profile_id, online_since, last_seen_at, position_at)
      select id, now(), now(), now() from photographer_profiles where id = any(${profileIds}::uuid[])
      on conflict (profile_id) do update set last_seen_at = now(), position_at = now()`.execute(db);
    await sql`
      update photographer_profiles set available_now = true,
        travel_lat = coalesce(travel_lat, base_lat), travel_lng = coalesce(travel_lng, base_lng)
      where id = any(${profileIds}::uuid[])`.execute(db);
  };
  await bringOnline();

  const account = (user: { email: string }, name: string) => ({
    email: user.email,
    password: PASSWORD,
    name,
  });
  return {
    app,
    url: app.url,
    client: account(client, "Cleo Client"),
    nora: { ...account(nora.user, "Nora Frame"), profileId: nora.profile.id },
    omar: { ...account(omar.user, "Omar Lens"), profileId: omar.profile.id },
    bringOnline,
  };
}
