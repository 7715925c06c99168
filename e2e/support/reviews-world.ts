import {
  createAdmin,
  createBooking,
  createCreator,
  createUser,
  enrolTwoFactor,
} from "../../server/db/factories.ts";
import { startTestApp, type TestApp } from "../../server/test/test-app.ts";
import type { Account } from "./bookings-world.ts";

export const PASSWORD = "e2e-password-123";
export const STAFF_TOTP_SECRET = "e2e-reviews-staff!!";
const DAY = 24 * 60 * 60 * 1000;

export type ReviewsWorld = {
  app: TestApp;
  url: string;
  creator: Account & { profileId: string };
  client: Account;
  staff: Account;
  /** A booking of the client's with the creator that completed an hour ago: 13 days left. */
  bookingId: string;
};

/** The app over a fresh database: a creator, a client, staff, and a completed booking. */
export async function startReviewsWorld(): Promise<ReviewsWorld> {
  const app = await startTestApp({ LOG_LEVEL: "silent" });
  const db = app.database.db;
  const creator = await createCreator(db, {
    fullName: "Sofia Martinez",
    hourlyRateCents: 15_000,
    specialties: ["Portrait"],
    user: { password: PASSWORD, emailVerified: true },
  });
  const client = await createUser(db, {
    name: "Cleo Client",
    password: PASSWORD,
    emailVerified: true,
  });
  const staff = await createAdmin(db, { password: PASSWORD, emailVerified: true });
  await enrolTwoFactor(db, {
    userId: staff.id,
    totpSecret: STAFF_TOTP_SECRET,
    authSecret: app.deps.config.authSecret,
  });
  const booking = await createBooking(db, {
    creatorProfileId: creator.profile.id,
    clientUserId: client.id,
    startTime: new Date(Date.now() - 3 * DAY),
    status: "completed",
    location: "Bayfront Park, Miami",
    eventType: "Portrait session",
  });
  // As the completion transition leaves it: the review window counts from here.
  await db
    .updateTable("bookings")
    .set({ completed_at: new Date(Date.now() - 60 * 60 * 1000) })
    .where("id", "=", booking.id)
    .execute();
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
    staff: { email: staff.email, password: PASSWORD, name: "Admin User" },
    bookingId: booking.id,
  };
}
