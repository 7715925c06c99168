import type { CreateBookingResponse } from "../../contracts/bookings.ts";
import { localDate } from "../platform/time.ts";
import { book, type Party } from "./bookings.ts";
import type { Capabilities } from "./fake-paypal/model.ts";
import { type FakePayPal, startFakePayPal } from "./fake-paypal/server.ts";

const ALL_OFF: Capabilities = {
  authCapture: false,
  multipleCaptures: false,
  reauthorizePartiallyCaptured: false,
};
const ALL_ON: Capabilities = {
  authCapture: true,
  multipleCaptures: true,
  reauthorizePartiallyCaptured: true,
};

import { startTestApp, type TestApp } from "./test-app.ts";

// Bookings paid through the real PayPal adapter against the fake PayPal server: the app is
// started with PAYPAL_* pointing at the fake. The app's and the fake's clocks are real time
// shifted by `shift` (the fake's webhook certificate is valid from now for two days, so webhook
// tests keep 0).

export type PayPalTestApp = {
  app: TestApp;
  fake: FakePayPal;
  /** Moves the app's and the fake's clocks `ms` ahead of real time (0: real time). */
  shift(ms: number): void;
  close(): Promise<void>;
};

/** The merchant account's optional capabilities, all off (a default account) or all on. */
export const CAPABILITY_CORNERS = [
  { corner: "a default account", capabilities: ALL_OFF },
  { corner: "every capability", capabilities: ALL_ON },
] as const;

export async function startPayPalApp(
  options: {
    capabilities?: Capabilities;
    /** false: the app does not trust the fake's root, as it would not trust a chain it cannot complete. */
    trustFakeRoot?: boolean;
  } = {},
): Promise<PayPalTestApp> {
  let shiftMs = 0;
  const now = () => new Date(Date.now() + shiftMs);
  const capabilities = options.capabilities ?? ALL_ON;
  const fake = await startFakePayPal({ now, capabilities });
  try {
    const app = await startTestApp(
      {
        PAYPAL_CLIENT_ID: fake.config.clientId,
        PAYPAL_CLIENT_SECRET: fake.config.clientSecret,
        PAYPAL_API_BASE: fake.config.apiBase,
        PAYPAL_WEBHOOK_ID: fake.webhookId,
        // The app is told what the merchant account can do, as an operator would tell it.
        PAYPAL_HOLDS: capabilities.authCapture ? "on" : "off",
      },
      {
        now,
        configure: (config) => ({
          ...config,
          paypal: config.paypal && {
            ...config.paypal,
            webhookTrustedRootsPem: [fake.rootCertificatePem],
          },
        }),
      },
    );
    return {
      app,
      fake,
      shift: (ms) => {
        shiftMs = ms;
      },
      close: async () => {
        await app.close();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

export const DAY_MS = 86_400_000;

/** A creator-local date `days` from now (America/New_York, the creators' default zone). */
export const dateIn = (days: number) =>
  localDate(new Date(Date.now() + days * DAY_MS), "America/New_York");

/** Books 3 hours at 10:00 local, `days` ahead: $150 × 3 h = $472.50 with the fee. */
export function bookAhead(app: TestApp, client: Party, creatorId: string, days = 10) {
  return book(app, client, { creatorId, date: dateIn(days), startTime: "10:00", hours: 3 });
}

export const approveHref = (order: CreateBookingResponse["order"]) => {
  const href = order.links.find((l) => l.rel === "approve")?.href;
  if (!href) throw new Error(`order ${order.id} has no approve link`);
  return href;
};

/**
 * What the buyer's browser does: opens the approve link at the fake (which approves, or
 * cancels with `cancel`), follows its redirect to our return (or cancel) URL, and answers
 * where the app sends it.
 */
export async function checkoutAtFake(
  order: CreateBookingResponse["order"],
  action: "approve" | "cancel" = "approve",
) {
  const href = approveHref(order) + (action === "cancel" ? "&cancel=1" : "");
  const page = await fetch(href, { redirect: "manual" });
  const back = page.headers.get("location");
  if (page.status !== 302 || !back) throw new Error(`checkout answered ${page.status}`);
  const landing = await fetch(back, { redirect: "manual" });
  return { back, landing: landing.headers.get("location") ?? "" };
}

/** The ledger lines as stored, with the provider's ids. */
export function ledgerRows(app: TestApp, bookingId: string) {
  return app.database.db
    .selectFrom("payment_ledger")
    .select(["kind", "amount_cents", "provider", "provider_ref", "status"])
    .where("booking_id", "=", bookingId)
    .orderBy("id")
    .execute();
}

export function bookingRow(app: TestApp, bookingId: string) {
  return app.database.db
    .selectFrom("bookings")
    .selectAll()
    .where("id", "=", bookingId)
    .executeTakeFirstOrThrow();
}

/** The fake's authorizations and captures for one order. */
export function moneyAtFake(fake: FakePayPal, orderId: string) {
  const order = fake.order(orderId);
  const authorizations = order.authorizationIds.map((id) => fake.authorization(id));
  const captures = [...order.captureIds, ...authorizations.flatMap((a) => a.captureIds)].map((id) =>
    fake.capture(id),
  );
  const refunds = captures.flatMap((c) => c.refundIds.map((id) => fake.refund(id)));
  return { order, authorizations, captures, refunds };
}
