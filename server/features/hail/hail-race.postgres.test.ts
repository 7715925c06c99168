import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { CreateHailResponse } from "../../../contracts/hail.ts";
import { createCreator, createUser, uniqueEmail } from "../../db/factories.ts";
import { cookieFrom } from "../../test/accounts.ts";
import { heartbeat, northOf } from "../../test/hail.ts";
import { SERVER_STARTUP_MS, serverFleet } from "../../test/server-fleet.ts";
import { createTestDatabase } from "../../test/test-database.ts";

// PostgreSQL only: two real server processes on one database. A hail goes live to 20 online
// creators; all of them accept at once, half through each process: exactly one wins, the
// other 19 are told it was taken, and exactly one booking exists.

const CREATORS = 20;
const fleet = serverFleet();

let address = 0;
async function signIn(url: string, email: string, password: string): Promise<string> {
  address += 1;
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: url,
      "x-forwarded-for": `10.1.${Math.floor(address / 250)}.${address % 250}`,
    },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return cookieFrom(response);
}

it(
  "has exactly one winner when 20 creators accept at once through two server processes",
  async () => {
    const database = await createTestDatabase();
    fleet.also(() => database.close());
    const servers = await Promise.all([fleet.start(database), fleet.start(database)]);
    const password = "hail race password 1";
    const point = { lat: 25.7617, lng: -80.1918 };
    const creators: { cookie: string; profileId: string }[] = [];
    for (let i = 0; i < CREATORS; i++) {
      const user = await createUser(database.db, { email: uniqueEmail(`racer${i}`), password });
      const at = northOf(point, 0.2 + i * 0.2);
      const { profile } = await createCreator(database.db, {
        userId: user.id,
        lat: at.lat,
        lng: at.lng,
        availableNow: true,
        // A hail for right now reaches only creators who take work at no notice.
        minNoticeMinutes: 0,
      });
      await heartbeat(database.db, profile.id, new Date());
      creators.push({
        cookie: await signIn(servers[i % 2]!, user.email, password),
        profileId: profile.id,
      });
    }
    const client = await createUser(database.db, { email: uniqueEmail("hailer"), password });
    const clientCookie = await signIn(servers[0]!, client.email, password);

    const created = await fetch(`${servers[0]}/api/hails`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: servers[0]!,
        cookie: clientCookie,
        "Idempotency-Key": randomUUID(),
      },
      body: JSON.stringify({
        service: "Photography",
        hours: 2,
        location: "1 Ocean Dr, Miami, FL 33139",
        ...point,
        startInMinutes: 0,
        radiusMiles: 10,
      }),
    });
    expect(created.status).toBe(201);
    const { hail, order } = (await created.json()) as CreateHailResponse;
    const href = order.links.find((l) => l.rel === "approve")!.href;
    const checkout = await fetch(href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: servers[0]! },
      body: new URLSearchParams({ action: "approve", outcome: "approve" }).toString(),
      redirect: "manual",
    });
    const back = checkout.headers.get("location")!;
    const landing = await fetch(back, { redirect: "manual" });
    expect(landing.headers.get("location")).toBe(`/hail?hail=${hail.id}&payment=approved`);

    const statuses = await Promise.all(
      creators.map((c, i) =>
        fetch(`${servers[i % 2]}/api/hail-offers/${hail.id}/accept`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: servers[i % 2]!,
            cookie: c.cookie,
          },
          body: "{}",
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CREATORS - 1);

    const offers = await database.db
      .selectFrom("hail_offers")
      .select("status")
      .where("hail_id", "=", hail.id)
      .execute();
    expect(offers.filter((o) => o.status === "accepted")).toHaveLength(1);
    expect(offers.filter((o) => o.status === "taken")).toHaveLength(CREATORS - 1);
    const bookings = await database.db
      .selectFrom("bookings")
      .select(["status"])
      .where("client_user_id", "=", client.id)
      .execute();
    expect(bookings).toEqual([{ status: "confirmed" }]);
    const taken = await database.db
      .selectFrom("realtime_events")
      .select("payload")
      .where("topic", "=", "hail_offer")
      .execute();
    expect(taken.filter((e) => (e.payload as { status: string }).status === "taken")).toHaveLength(
      CREATORS - 1,
    );
  },
  SERVER_STARTUP_MS * 2,
);
