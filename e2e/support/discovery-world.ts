import sharp from "sharp";
import {
  createCreator,
  createPortfolioItems,
  createReview,
  createUser,
} from "../../server/db/factories.ts";
import { storeImage } from "../../server/platform/images.ts";
import { startTestApp, type TestApp } from "../../server/test/test-app.ts";

export const PASSWORD = "e2e-password-123";
const PALETTE = ["#f97316", "#0ea5e9", "#10b981", "#a855f7", "#ef4444", "#eab308"];

/** A small real image (a gradient with a label), stored in every size like an upload. */
async function makeImage(app: TestApp, prefix: string, index: number) {
  const color = PALETTE[index % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs><rect width="1200" height="1200" fill="url(#g)"/><circle cx="${300 + (index % 5) * 120}" cy="420" r="180" fill="#fff" fill-opacity=".25"/><text x="80" y="1100" font-size="120" font-family="sans-serif" fill="#fff" fill-opacity=".8">#${index + 1}</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return storeImage(app.deps.storage, prefix, png);
}

export type DiscoveryWorld = {
  app: TestApp;
  /** The app's address (its public origin). */
  url: string;
  star: { id: string; name: string };
  offline: { id: string; name: string };
  fan: { email: string; password: string };
};

/**
 * The app over a fresh database holding creators around Miami Beach (ZIP 33139): one richly
 * filled profile ("Ava Lens": 11 images, reviews, live), 16 more listed creators, and hidden ones.
 */
export async function startDiscoveryWorld(): Promise<DiscoveryWorld> {
  const app = await startTestApp({ LOG_LEVEL: "silent" });
  const url = app.url;
  const db = app.database.db;
  const star = await createCreator(db, {
    fullName: "Ava Lens",
    type: "photographer",
    specialties: ["Photography", "Wedding", "Portrait"],
    city: "Miami Beach, FL",
    lat: 25.79,
    lng: -80.16,
    travelRadius: 25,
    hourlyRateCents: 18_000,
    availableNow: true,
    travelLat: 25.775,
    travelLng: -80.19,
    bio: "Wedding and portrait photographer shooting natural-light stories across South Florida.",
  });
  const images = [];
  for (let i = 0; i < 12; i++)
    images.push(await makeImage(app, `public/portfolio/${star.user.id}`, i));
  await createPortfolioItems(
    db,
    images.map((img, i) => ({
      userId: star.user.id,
      imagePath: img.key,
      width: img.width,
      height: img.height,
      caption: i === 0 ? "Golden hour on South Beach" : `Session ${i + 1}`,
    })),
  );
  const avatar = await makeImage(app, `public/avatars/${star.user.id}`, 3);
  await db
    .updateTable("photographer_profiles")
    .set({ avatar_path: avatar.key })
    .where("id", "=", star.profile.id)
    .execute();
  for (const [rating, author, comment] of [
    [
      5,
      "Maria G.",
      "Captured our wedding beautifully. Every guest asked who the photographer was.",
    ],
    [5, "James T.", "Quick, friendly and the photos arrived in two days."],
    [4, "Priya S.", "Great portraits, would book again."],
  ] as const) {
    await createReview(db, {
      creatorProfileId: star.profile.id,
      rating,
      authorName: author,
      comment,
    });
  }
  const types = ["photographer", "videographer", "content creator"] as const;
  let offline = star;
  for (let i = 0; i < 16; i++) {
    const created = await createCreator(db, {
      fullName: `Creator ${String(i + 1).padStart(2, "0")}`,
      type: types[i % 3],
      specialties: [
        ["Event", "Photography"],
        ["Wedding", "Videography"],
        ["Social Media", "Content Creation"],
      ][i % 3],
      lat: 25.8 + (i % 8) * 0.01,
      lng: -80.2 - Math.floor(i / 8) * 0.01,
      travelRadius: 25,
      availableNow: i < 4,
    });
    if (i === 0) offline = created;
  }
  // Creator 01 is online for the map test to take offline.
  await createCreator(db, { fullName: "Hidden Draft", published: false, availableNow: true });
  await createCreator(db, { fullName: "Hidden Unapproved", approved: false, availableNow: true });
  const fan = await createUser(db, {
    name: "Fan Account",
    password: PASSWORD,
    emailVerified: true,
  });
  return {
    app,
    url,
    star: { id: star.profile.id, name: "Ava Lens" },
    offline: { id: offline.profile.id, name: "Creator 01" },
    fan: { email: fan.email, password: PASSWORD },
  };
}
