import { randomUUID } from "node:crypto";
import type { Storage } from "../../platform/storage.ts";
import {
  type CreatedCreator,
  createBooking,
  createCreator,
  createPortfolioItems,
  createReview,
  type Db,
} from "../factories.ts";
import {
  DEMO_CREATORS,
  type DemoCreator,
  demoBio,
  demoPackages,
  EQUIPMENT_BY_TYPE,
  SERVICE_TAGS,
  zipCentroid,
} from "./creators-data.ts";
import { type DemoClient, demoCreatorEmail } from "./demo-accounts.ts";
import { type EncodedImage, putEncoded } from "./encoded-images.ts";
import type { Random } from "./random.ts";
import { demoReview, EVENT_TYPES } from "./reviews-data.ts";

const DAY = 24 * 60 * 60 * 1000;

export type SeededCreator = CreatedCreator & { demo: DemoCreator };

type Context = {
  db: Db;
  storage: Storage;
  random: Random;
  artworks: EncodedImage[];
  /** One per DEMO_CREATORS entry, in order. */
  avatars: EncodedImage[];
  clients: DemoClient[];
  creatorPasswordHash: string;
};

/** Every demo creator with avatar, portfolio, past bookings and reviews. */
export async function seedCreators(ctx: Context): Promise<SeededCreator[]> {
  const seeded: SeededCreator[] = [];
  for (const [index, demo] of DEMO_CREATORS.entries()) {
    seeded.push(await seedCreator(ctx, demo, index, ctx.avatars[index] as EncodedImage));
  }
  return seeded;
}

async function seedCreator(
  ctx: Context,
  demo: DemoCreator,
  index: number,
  avatar: EncodedImage,
): Promise<SeededCreator> {
  const { db, storage, random } = ctx;
  const userId = randomUUID();
  const base = zipCentroid(demo.zip);
  const email = demoCreatorEmail(demo.name);
  const joined = new Date(Date.now() - random.int(120, 900) * DAY);
  const avatarPath = await putEncoded(storage, `public/avatars/${userId}/${randomUUID()}`, avatar);
  const created = await createCreator(db, {
    user: {
      id: userId,
      email,
      name: demo.name,
      passwordHash: ctx.creatorPasswordHash,
      location: demo.city,
      createdAt: joined,
    },
    type: demo.type,
    fullName: demo.name,
    businessName: demo.businessName ?? null,
    bio: demoBio(demo, index),
    specialties: [...SERVICE_TAGS[demo.type], ...demo.specialties],
    city: demo.city,
    lat: base.lat,
    lng: base.lng,
    travelRadius: demo.travelRadius,
    travelFeeCents: demo.travelRadius >= 50 ? 2_500 : null,
    hourlyRateCents: demo.rateDollars * 100,
    // No heartbeat row: the presence sweep leaves seeded creators on (it turns off only those
    // whose browser stopped heartbeating), so the demo map stays populated.
    availableNow: demo.availableNow ?? false,
    // Shown as available now on the map: they take hails for right now.
    ...(demo.availableNow ? { minNoticeMinutes: 0 } : {}),
    // Live creators are out and about, up to ~2 miles from their base.
    travelLat: round4(base.lat + random.between(-0.025, 0.025)),
    travelLng: round4(base.lng + random.between(-0.025, 0.025)),
    avatarPath,
    equipment: random.sample(EQUIPMENT_BY_TYPE[demo.type], 3),
    experience: `${demo.years} years`,
    phone: `(305) 555-${String(1000 + index * 37).slice(-4)}`,
    portfolioUrl: `https://www.instagram.com/${email.split("@")[0]?.replace(/\./g, "")}`,
    packageServices: demoPackages(demo),
    serviceLocation: "On location anywhere in my travel radius, or at your venue",
    paymentMethod: "paypal",
    payoutEmail: email,
    createdAt: joined,
  });

  await seedPortfolio(ctx, userId, joined);
  await seedHistory(ctx, created, demo);
  return { ...created, demo };
}

function round4(value: number) {
  return Math.round(value * 10_000) / 10_000;
}

async function seedPortfolio(ctx: Context, userId: string, joined: Date) {
  const chosen = ctx.random.sample(ctx.artworks, ctx.random.int(6, 20));
  const items = await Promise.all(
    chosen.map(async (art, sortOrder) => ({
      userId,
      imagePath: await putEncoded(ctx.storage, `public/portfolio/${userId}/${randomUUID()}`, art),
      sortOrder,
      caption: ctx.random.chance(0.7) ? art.caption : null,
      width: art.width,
      height: art.height,
      likeCount: ctx.random.int(0, 48),
      createdAt: new Date(joined.getTime() + sortOrder * 3 * DAY),
    })),
  );
  await createPortfolioItems(ctx.db, items);
}

/** Completed past bookings, most of them reviewed, plus a few reviews from earlier clients. */
async function seedHistory(ctx: Context, created: CreatedCreator, demo: DemoCreator) {
  const { db, random } = ctx;
  const completed = random.int(1, 6);
  let reviews = 0;
  for (let i = 0; i < completed; i++) {
    const client = random.pick(ctx.clients);
    const daysAgo = 10 + i * random.int(9, 30);
    const start = new Date(Date.now() - daysAgo * DAY);
    start.setUTCHours(random.int(13, 22), random.pick([0, 15, 30, 45]), 0, 0);
    const booking = await createBooking(db, {
      creatorProfileId: created.profile.id,
      clientUserId: client.id,
      startTime: start,
      hours: random.int(1, 4),
      status: "completed",
      hourlyRateCents: demo.rateDollars * 100,
      location: demo.city,
      eventType: random.pick(EVENT_TYPES[demo.type]),
      createdAt: new Date(start.getTime() - random.int(3, 20) * DAY),
    });
    if (random.chance(0.8)) {
      await createReview(db, {
        creatorProfileId: created.profile.id,
        ...demoReview(demo.type, demo.name, random),
        authorName: client.authorName,
        authorUserId: client.id,
        bookingId: booking.id,
        createdAt: new Date(booking.end_time.getTime() + random.int(1, 5) * DAY),
      });
      reviews += 1;
    }
  }
  // Reviews from before bookings ran through the platform.
  const earlier = Math.max(0, 3 - reviews) + random.int(0, 3);
  for (let i = 0; i < earlier; i++) {
    const client = random.pick(ctx.clients);
    await createReview(db, {
      creatorProfileId: created.profile.id,
      ...demoReview(demo.type, demo.name, random),
      authorName: client.authorName,
      authorUserId: client.id,
      createdAt: new Date(Date.now() - random.int(60, 540) * DAY),
    });
  }
}
