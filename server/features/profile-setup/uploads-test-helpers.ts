import sharp from "sharp";
import { createCreator, uniqueEmail } from "../../db/factories.ts";
import { userSession } from "../../test/sessions.ts";
import type { TestApp } from "../../test/test-app.ts";

/** A signed-in creator whose approved profile has not been set up yet. */
export async function newCreator(app: TestApp, approved = true) {
  const session = await userSession(app, uniqueEmail("setup"));
  await createCreator(app.database.db, {
    userId: session.user.id,
    approved,
    published: false,
    complete: false,
    lat: null,
    lng: null,
    bio: null,
    phone: null,
    hourlyRateCents: null,
  });
  return session;
}

/** A JPEG carrying GPS coordinates, as a phone writes it. */
export async function photo(color = "#38a") {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "25/1 46/1 0/1" } })
    .toBuffer();
}

export function form(
  field: string,
  files: [Buffer, string, string][],
  extra: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [data, name, type] of files) {
    body.append(field, new Blob([new Uint8Array(data)], { type }), name);
  }
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  return body;
}
