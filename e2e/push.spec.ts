import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import type { PushMessage } from "../contracts/push.ts";
import { payInSandbox } from "../server/test/bookings.ts";
import { hail } from "../server/test/hail.ts";
import { HAIL_POINT, type PushWorld, startPushWorld } from "./support/push-world.ts";

// The installable app and push in Chromium, over its own app and database. The server's pushes
// go to a push service on loopback; the test decrypts each one as the browser's push service
// client would and hands it to the creator's service worker as a push event dispatched in the
// worker itself (deliverPush), so the worker's own code shows it and handles the tap. (The
// DevTools protocol's ServiceWorker.deliverPushMessage was used first: now and then the push
// never reached the worker's handler, and nothing said why.)
//
// One world per file (per worker: the desktop and phone projects each start their own).
test.describe.configure({ mode: "serial" });

let world: PushWorld;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  world = await startPushWorld();
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await world?.close();
});

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The browser of the world's creator, signed in with her session, allowing notifications. */
async function creatorContext(browser: import("@playwright/test").Browser) {
  const context = await browser.newContext({ baseURL: world.url });
  await context.grantPermissions(["notifications"], { origin: world.url });
  const [name, value] = world.creator.cookie.split(";")[0]!.split("=") as [string, string];
  await context.addCookies([{ name, value, url: world.url, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/**
 * Hands `message` to the site's service worker as its push service would: a push event
 * carrying it, dispatched in the worker, whose own handler shows the notification; resolves
 * once the handler's work is done (and fails with its error, if any).
 */
async function deliverPush(context: BrowserContext, message: PushMessage) {
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate(async (data) => {
    const scope = self as unknown as {
      PushEvent: new (type: string, init: { data: string }) => Event;
    };
    const event = new scope.PushEvent("push", { data });
    const work: Promise<unknown>[] = [];
    Object.defineProperty(event, "waitUntil", { value: (p: Promise<unknown>) => work.push(p) });
    self.dispatchEvent(event);
    await Promise.all(work);
  }, JSON.stringify(message));
}

/** Waits for the server's next push to the creator's device; answers it decrypted. */
async function nextPush(from: number, kind: PushMessage["kind"]): Promise<PushMessage> {
  const path = new URL(world.creator.device.endpoint).pathname;
  let found: PushMessage | undefined;
  await expect
    .poll(
      () => {
        found = world.pushService.received
          .slice(from)
          .filter((r) => r.path === path)
          .map((r) => JSON.parse(world.creator.device.decrypt(r.body)) as PushMessage)
          .find((m) => m.kind === kind);
        return found?.kind;
      },
      { timeout: 30_000 },
    )
    .toBe(kind);
  return found!;
}

/** A client's hail, paid, whose offer push the creator's worker has been handed. */
async function hailDelivered(
  client: PushWorld["client"],
  context: BrowserContext,
): Promise<string> {
  const from = world.pushService.received.length;
  const created = await hail(world.app, client, { ...HAIL_POINT });
  await payInSandbox(world.app, created.order);
  const offer = await nextPush(from, "hail_offer");
  await deliverPush(context, offer);
  return created.hail.id;
}

async function notifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: (n as Notification & { actions?: { action: string }[] }).actions?.map(
        (a) => a.action,
      ),
    }));
  });
}

/**
 * Taps the notification the worker shows (`action`: a button, "" for the notification itself)
 * by running the worker's own click handler: a headless browser has no notification to tap.
 */
async function tap(context: BrowserContext, action: string) {
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate(async (button) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      onNotificationClick(n: Notification, action: string): Promise<unknown>;
    };
    const [shown] = await scope.registration.getNotifications();
    if (!shown) throw new Error("no notification is showing");
    await scope.onNotificationClick(shown, button);
  }, action);
}

test("installable: manifest with its icons, a service worker controlling the page, an offline page", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: world.url });
  const page = await context.newPage();

  const manifestResponse = await page.request.get("/manifest.webmanifest");
  expect(manifestResponse.status()).toBe(200);
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({
    name: "ShutterHail",
    short_name: "ShutterHail",
    display: "standalone",
    scope: "/",
    theme_color: "#0f172a",
    background_color: "#ffffff",
  });
  expect(new URL(manifest.start_url, world.url).origin).toBe(world.url);
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const wanted of ["192x192 any", "512x512 any", "512x512 maskable"]) {
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toContain(wanted);
  }
  for (const icon of icons) {
    const image = await page.request.get(icon.src);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await image.body())).toBe(icon.sizes);
  }

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    "href",
    "/manifest.webmanifest",
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0f172a");
  await controlled(page);
  const script = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL,
  );
  expect(script).toBe(`${world.url}/sw.js`);

  // Without a connection, a navigation shows the offline page instead of the browser's error.
  await context.setOffline(true);
  await page.goto("/bookings");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
  await context.close();
});

test("a creator available without an open tab gets a hail on her device and accepts it from the notification", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await creatorContext(browser);
  const page = await context.newPage();
  await page.goto("/profile");
  await controlled(page);

  // Available until two hours from now, at the area she picks; no tab keeps her online.
  const until = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
  const stay = await world.app.fetch("/api/availability/stay-available", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: world.creator.cookie,
      origin: world.url,
    },
    body: JSON.stringify({ until, ...HAIL_POINT }),
  });
  expect(stay.status).toBe(200);

  // A client hails nearby and approves the payment: the offer is pushed to her phone; the
  // client calls it off, and the closing push replaces the offer on her screen.
  const client = { ...world.client };
  const withdrawn = await hailDelivered(client, context);
  await expect
    .poll(async () => (await notifications(page)).map((n) => n.title))
    .toEqual(["New hail nearby"]);
  const closing = world.pushService.received.length;
  const cancelled = await world.app.fetch(`/api/hails/${withdrawn}/cancel`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: client.cookie, origin: world.url },
    body: "{}",
  });
  expect(cancelled.status).toBe(200);
  const closed = await nextPush(closing, "hail_closed");
  await deliverPush(context, closed);
  await expect
    .poll(async () => (await notifications(page)).map((n) => n.title))
    .toEqual(["Hail closed"]);
  expect((await notifications(page))[0]?.actions ?? []).toEqual([]);
  await page.evaluate(async () => {
    for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
  });

  // Another hail: this time she accepts.
  const from = world.pushService.received.length;
  const created = await hail(world.app, client, { ...HAIL_POINT });
  await payInSandbox(world.app, created.order);
  const offer = await nextPush(from, "hail_offer");
  expect(offer).toMatchObject({ hailId: created.hail.id, tag: `hail:${created.hail.id}` });
  await deliverPush(context, offer);

  // The worker shows it with the time left and an Accept button…
  await expect.poll(async () => (await notifications(page)).length).toBe(1);
  const [shown] = await notifications(page);
  expect(shown).toMatchObject({ title: "New hail nearby", tag: `hail:${created.hail.id}` });
  expect(shown?.body).toMatch(/\d:\d\d left\.$/);
  expect(shown?.actions).toEqual(["accept", "open"]);

  // …and Accept books her, exactly as the tab's button would, and opens the booking.
  await tap(context, "accept");
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const accepted = await world.app.database.db
    .selectFrom("hails")
    .select(["status", "accepted_profile_id", "booking_id"])
    .where("id", "=", created.hail.id)
    .executeTakeFirstOrThrow();
  expect(accepted).toMatchObject({
    status: "accepted",
    accepted_profile_id: world.creator.profileId,
  });
  expect(page.url()).toBe(`${world.url}/bookings/${accepted.booking_id}`);
  expect(await notifications(page)).toEqual([]);

  // A message from the client: tapping its notification opens the conversation.
  const sent = world.pushService.received.length;
  const opened = await world.app.fetch("/api/conversations", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: client.cookie, origin: world.url },
    body: JSON.stringify({ creatorId: world.creator.profileId, bookingId: accepted.booking_id }),
  });
  const { conversation } = (await opened.json()) as { conversation: { id: string } };
  const posted = await world.app.fetch(`/api/conversations/${conversation.id}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: client.cookie, origin: world.url },
    body: JSON.stringify({ id: crypto.randomUUID(), body: "See you at the corner of 2nd Ave" }),
  });
  expect(posted.status).toBe(201);
  const message = await nextPush(sent, "message");
  expect(JSON.stringify(message)).not.toContain("2nd Ave");
  await deliverPush(context, message);
  await expect
    .poll(async () => (await notifications(page)).map((n) => n.title))
    .toEqual(["New message"]);
  await tap(context, "");
  await expect(page).toHaveURL(`${world.url}/messages?c=${conversation.id}`);
  await context.close();
});
