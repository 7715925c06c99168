import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PUSH_ENDPOINT_REFUSED,
  PUSH_TEXTS,
  type PushDevice,
  type PushMessage,
} from "../../../contracts/push.ts";
import { createVerifiedUser } from "../../test/accounts.ts";
import { act, bookingParties, type Party, paidBooking, payInSandbox } from "../../test/bookings.ts";
import { type CertificateWorkshop, certificateWorkshop } from "../../test/certificates.ts";
import {
  type BrowserSubscription,
  browserSubscription,
  type FakePushService,
  startFakePushService,
  verifyVapid,
} from "../../test/fake-push-service.ts";
import { hail, hailClient, northOf, offerAction, onlineCreator } from "../../test/hail.ts";
import { call, messagingPair, openConversation, send } from "../../test/messaging.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { PUSH_JOB } from "./push.ts";

// Web Push through real parts: the app's routes and job queue, web-push's VAPID signing and
// RFC 8291 encryption, and a push service on loopback over TLS. Each push is decrypted with the
// browser-side keys the test made, as the device would.

// Far from the real date: queued jobs due in real time would otherwise run against this clock.
const START = new Date("2030-11-23T15:00:00Z");
const clock = START;
let app: TestApp;
let service: FakePushService;
let workshop: CertificateWorkshop;

beforeAll(async () => {
  workshop = await certificateWorkshop();
  service = await startFakePushService(workshop);
  app = await startTestApp(
    {},
    {
      now: () => clock,
      configure: (config) => ({
        ...config,
        push: {
          ...config.push,
          serviceHosts: [...config.push.serviceHosts, "127.0.0.1"],
          trustedRootsPem: [service.rootPem],
        },
      }),
    },
  );
});
afterAll(async () => {
  await app?.close();
  await service?.close();
  await workshop?.close();
});

async function subscribe(party: Party, sub = browserSubscription(service), device = "Test phone") {
  const response = await call(app, "POST", "/push/subscriptions", party.cookie, {
    endpoint: sub.endpoint,
    keys: sub.keys,
    device,
  });
  expect(response.status).toBe(200);
  return { sub, device: ((await response.json()) as { device: PushDevice }).device };
}

async function devicesOf(party: Party) {
  const response = await call(app, "GET", "/push/subscriptions", party.cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { devices: PushDevice[] }).devices;
}

/** Runs the queued pushes; answers what reached `sub`'s endpoint since `from`, decrypted. */
async function pushesTo(sub: BrowserSubscription, from = 0) {
  await app.deps.jobs.drain();
  const path = new URL(sub.endpoint).pathname;
  return service.received
    .slice(from)
    .filter((r) => r.path === path)
    .map((r) => ({ headers: r.headers, message: JSON.parse(sub.decrypt(r.body)) as PushMessage }));
}

describe("push subscriptions", () => {
  it("are the caller's own: anonymous refused, another person's device not found", async () => {
    const [a, b] = await Promise.all([createVerifiedUser(app), createVerifiedUser(app)]);
    for (const [method, path] of [
      ["GET", "/push/key"],
      ["GET", "/push/subscriptions"],
      ["POST", "/push/subscriptions"],
      ["DELETE", `/push/subscriptions/${crypto.randomUUID()}`],
    ] as const) {
      const body = method === "GET" ? undefined : {};
      expect((await call(app, method, path, undefined, body)).status).toBe(401);
    }
    const key = await call(app, "GET", "/push/key", a.cookie);
    expect(await key.json()).toEqual({ publicKey: app.deps.config.push.vapid.publicKey });

    const { device } = await subscribe(a);
    expect(await devicesOf(b)).toEqual([]);
    expect((await devicesOf(a)).map((d) => d.id)).toEqual([device.id]);
    const foreign = await call(app, "DELETE", `/push/subscriptions/${device.id}`, b.cookie);
    expect(foreign.status).toBe(404);
    expect(await devicesOf(a)).toHaveLength(1);
    const own = await call(app, "DELETE", `/push/subscriptions/${device.id}`, a.cookie);
    expect(own.status).toBe(204);
    expect(await devicesOf(a)).toEqual([]);
  });

  it("refuse what is not a browser's subscription to a push service, with a clear message", async () => {
    const user = await createVerifiedUser(app);
    const good = browserSubscription(service);
    const attempt = (body: unknown) => call(app, "POST", "/push/subscriptions", user.cookie, body);
    const outside = await attempt({ ...good, endpoint: "https://intranet.example/hook" });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { error: { message: string } }).error.message).toBe(
      PUSH_ENDPOINT_REFUSED,
    );
    const plain = await attempt({ ...good, endpoint: good.endpoint.replace("https:", "http:") });
    expect(plain.status).toBe(400);
    const badKey = await attempt({ ...good, keys: { ...good.keys, p256dh: "short" } });
    expect(badKey.status).toBe(400);
    expect((await attempt({ keys: good.keys })).status).toBe(400);
    expect(await devicesOf(user)).toEqual([]);
  });

  it("keep one row per device: subscribing again updates it, another person takes it over", async () => {
    const [a, b] = await Promise.all([createVerifiedUser(app), createVerifiedUser(app)]);
    const sub = browserSubscription(service);
    const first = await subscribe(a, sub, "Phone");
    const again = await subscribe(a, sub, "Phone (renamed)");
    expect(again.device.id).toBe(first.device.id);
    expect((await devicesOf(a)).map((d) => d.device)).toEqual(["Phone (renamed)"]);
    await subscribe(b, sub, "Shared tablet");
    expect(await devicesOf(a)).toEqual([]);
    expect((await devicesOf(b)).map((d) => d.device)).toEqual(["Shared tablet"]);
  });
});

describe("pushes", () => {
  it("a new message reaches every device, encrypted to it, VAPID-signed, with no text of the message", async () => {
    const pair = await messagingPair(app, { client: "Casey Client", creator: "Riley Creator" });
    const phone = await subscribe(pair.client);
    const laptop = await subscribe(pair.client);
    const conversation = await openConversation(app, pair);
    const from = service.received.length;
    await send(app, pair.creator, conversation.id, "Meet me at 12 Secret Street, door code 4411");

    const [onPhone] = await pushesTo(phone.sub, from);
    const [onLaptop] = await pushesTo(laptop.sub, from);
    expect(onPhone?.message).toEqual({
      kind: "message",
      ...PUSH_TEXTS.message,
      url: `/messages?c=${conversation.id}`,
      tag: expect.stringContaining(conversation.id),
      sentAt: START.toISOString(),
    });
    expect(onLaptop?.message).toEqual(onPhone?.message);
    expect(JSON.stringify(onPhone?.message)).not.toMatch(/Secret|4411|Riley|Casey/);

    const headers = onPhone!.headers;
    expect(headers["content-encoding"]).toBe("aes128gcm");
    expect(headers.ttl).toBe(String(24 * 60 * 60));
    expect(headers.urgency).toBe("normal");
    const claims = verifyVapid(headers, app.deps.config.push.vapid.publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(app.deps.config.push.vapid.subject);
    // The JWT's expiry is the push service's: at most a day ahead of the real time it was made.
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
    // The other party's own devices hear nothing of their own message.
    expect((await devicesOf(pair.creator)).length).toBe(0);
    const sent = await devicesOf(pair.client);
    expect(sent.every((d) => d.lastSentAt === START.toISOString())).toBe(true);
  });

  it("a device its push service no longer knows (404, 410) is dropped; the others still get it", async () => {
    const pair = await messagingPair(app);
    const kept = await subscribe(pair.client);
    const expired = await subscribe(pair.client);
    const unknown = await subscribe(pair.client);
    service.answer(expired.sub.endpoint, 410);
    service.answer(unknown.sub.endpoint, 404);
    const conversation = await openConversation(app, pair);
    const from = service.received.length;
    await send(app, pair.creator, conversation.id, "Hello");

    expect(await pushesTo(kept.sub, from)).toHaveLength(1);
    expect(await pushesTo(expired.sub, from)).toHaveLength(1);
    expect((await devicesOf(pair.client)).map((d) => d.id)).toEqual([kept.device.id]);
    expect(await app.deps.jobs.failed("notifications.push")).toEqual([]);
  });

  it("a booking request reaches the creator; the answer reaches the client", async () => {
    const parties = await bookingParties(app);
    const creatorDevice = await subscribe(parties.creator);
    const clientDevice = await subscribe(parties.client);
    const from = service.received.length;
    const bookingId = await paidBooking(app, parties.client, { creatorId: parties.creatorId });
    const [request] = await pushesTo(creatorDevice.sub, from);
    expect(request?.message).toMatchObject({
      kind: "booking_requested",
      url: `/bookings/${bookingId}`,
    });
    expect(JSON.stringify(request?.message)).not.toContain("Ocean");

    const answered = service.received.length;
    expect((await act(app, parties.creator, bookingId, "accept")).status).toBe(200);
    const answers = await pushesTo(clientDevice.sub, answered);
    expect(answers.map((a) => a.message.kind)).toContain("booking_accepted");
  });

  it("a hail offer carries its deadline and lives no longer; once taken it is replaced on the others", async () => {
    const point = { lat: 47.6, lng: -122.3 };
    const [first, second] = await Promise.all([
      onlineCreator(app, { base: point, seenAt: START }),
      onlineCreator(app, { base: northOf(point, 1), seenAt: START }),
    ]);
    const firstDevice = await subscribe(first);
    const secondDevice = await subscribe(second);
    const client = await hailClient(app);
    const created = await hail(app, client, { ...point });
    const from = service.received.length;
    await payInSandbox(app, created.order);

    const [offer] = await pushesTo(firstDevice.sub, from);
    const liveUntil = new Date(START.getTime() + 90_000).toISOString();
    expect(offer?.message).toEqual({
      kind: "hail_offer",
      ...PUSH_TEXTS.hail_offer,
      url: `/availability?hail=${created.hail.id}`,
      tag: `hail:${created.hail.id}`,
      hailId: created.hail.id,
      expiresAt: liveUntil,
      sentAt: START.toISOString(),
    });
    expect(offer?.headers.ttl).toBe("90");
    expect(offer?.headers.urgency).toBe("high");
    expect(offer?.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    const taken = service.received.length;
    expect((await offerAction(app, second, created.hail.id, "accept")).status).toBe(200);
    const [closed] = await pushesTo(firstDevice.sub, taken);
    expect(closed?.message).toMatchObject({
      kind: "hail_closed",
      tag: `hail:${created.hail.id}`,
      hailId: created.hail.id,
    });
    expect(closed?.headers.topic).toBe(offer?.headers.topic);
    // The winner's own devices are told their offer closed too (a tab took it, not this phone).
    expect((await pushesTo(secondDevice.sub, taken)).map((p) => p.message.kind)).toEqual([
      "hail_closed",
    ]);
  });

  it("a push whose moment has passed when its job runs (a hail offer after the hail) is not sent", async () => {
    const user = await createVerifiedUser(app);
    const device = await subscribe(user);
    const from = service.received.length;
    const hailId = crypto.randomUUID();
    const message = {
      kind: "hail_offer",
      ...PUSH_TEXTS.hail_offer,
      url: "/availability",
      tag: `hail:${hailId}`,
      hailId,
    };
    const expiresAt = new Date(START.getTime() + 90_000).toISOString();
    await app.deps.jobs.run(
      PUSH_JOB,
      { userId: user.userId, message, expiresAt },
      new Date(START.getTime() + 90_000),
    );
    expect(await pushesTo(device.sub, from)).toEqual([]);
    await app.deps.jobs.run(PUSH_JOB, { userId: user.userId, message, expiresAt }, START);
    expect(await pushesTo(device.sub, from)).toHaveLength(1);
  });
});
