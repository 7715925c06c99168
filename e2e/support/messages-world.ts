import { createBooking, createCreator, createUser } from "../../server/db/factories.ts";
import { startTestApp, type TestApp } from "../../server/test/test-app.ts";

export const PASSWORD = "e2e-password-123";

export type Account = { email: string; password: string; name: string };

export type MessagesWorld = {
  app: TestApp;
  url: string;
  creator: Account & { profileId: string };
  client: Account;
  /** A confirmed booking of the client's with the creator (the conversation's context). */
  bookingId: string;
};

/** The app over a fresh database with a client and a creator who can sign in, and a booking. */
export async function startMessagesWorld(): Promise<MessagesWorld> {
  const app = await startTestApp({ LOG_LEVEL: "silent" });
  const db = app.database.db;
  const creator = await createCreator(db, {
    fullName: "Sofia Martinez",
    hourlyRateCents: 15_000,
    specialties: ["Photography", "Portrait"],
    user: { password: PASSWORD, emailVerified: true },
  });
  const client = await createUser(db, {
    name: "Cleo Client",
    password: PASSWORD,
    emailVerified: true,
  });
  const booking = await createBooking(db, {
    creatorProfileId: creator.profile.id,
    clientUserId: client.id,
    status: "confirmed",
    location: "Bayfront Park, Miami",
    eventType: "Portrait",
  });
  return {
    app,
    url: app.url,
    creator: {
      email: creator.user.email,
      password: PASSWORD,
      name: "Sofia Martinez",
      profileId: creator.profile.id,
    },
    client: { email: client.email, password: PASSWORD, name: "Cleo Client" },
    bookingId: booking.id,
  };
}
