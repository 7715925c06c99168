import { createBooking, createCreator, createUser } from "../../server/db/factories.ts";
import { startTestApp, type TestApp } from "../../server/test/test-app.ts";
import { PASSWORD } from "./messages-world.ts";

export type DeliveryAccount = { email: string; password: string };

export type DeliveryWorld = {
  app: TestApp;
  url: string;
  creator: DeliveryAccount;
  client: DeliveryAccount;
  /** A completed session of the client's with the creator, new for each call. */
  newBooking: () => Promise<string>;
};

/** The app over a fresh database with a creator and a client who can sign in. */
export async function startDeliveryWorld(): Promise<DeliveryWorld> {
  const app = await startTestApp({ LOG_LEVEL: "silent" });
  const db = app.database.db;
  const creator = await createCreator(db, {
    fullName: "Sofia Martinez",
    hourlyRateCents: 15_000,
    user: { password: PASSWORD, emailVerified: true },
  });
  const client = await createUser(db, {
    name: "Cleo Client",
    password: PASSWORD,
    emailVerified: true,
  });
  let daysAgo = 2;
  return {
    app,
    url: app.url,
    creator: { email: creator.user.email, password: PASSWORD },
    client: { email: client.email, password: PASSWORD },
    newBooking: async () => {
      daysAgo += 1;
      const start = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
      start.setUTCHours(15, 0, 0, 0);
      const booking = await createBooking(db, {
        creatorProfileId: creator.profile.id,
        clientUserId: client.id,
        startTime: start,
        status: "completed",
        location: "South Pointe Park, Miami Beach",
        eventType: "Engagement session",
      });
      return booking.id;
    },
  };
}
