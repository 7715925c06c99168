import { Hono } from "hono";
import { bookingPagePath } from "../../../contracts/bookings.ts";
import { requireAccess } from "../../platform/access.ts";
import { AppError } from "../../platform/errors.ts";
import type { AppEnv } from "../../platform/http.ts";
import { hailPaymentReturn, isHailOrder } from "../hail/payment-return.ts";
import {
  cancelledAtProvider,
  completePayment,
  PAYMENT_CANCEL_PATH,
  PAYMENT_RETURN_PATH,
} from "./payment.ts";
import * as q from "./queries.ts";
import { handleWebhook } from "./webhooks.ts";

export const PAYPAL_WEBHOOK_PATH = "/api/payments/paypal/webhook";

/**
 * Where the provider sends the buyer back (return and cancel URLs, with `token` = the order
 * id, as PayPal does) and where PayPal posts webhooks. The return completes the payment on the
 * server, without waiting for the webhook; the order itself is the only input trusted, re-read
 * from the provider. Not JSON API routes: they answer with redirects, or to PayPal.
 */
export function paymentRoutes() {
  const app = new Hono<AppEnv>();

  app.get(PAYMENT_RETURN_PATH, requireAccess("public"), async (c) => {
    const orderId = c.req.query("token") ?? "";
    // A hail's order (server/features/hail) completes the hail; any other, a booking.
    if (orderId && (await isHailOrder(c.var.deps, orderId))) {
      return c.redirect(await hailPaymentReturn(c.var.deps, orderId, "return"), 303);
    }
    const ref = orderId ? await q.findBookingByOrder(c.var.deps.database.db, orderId) : undefined;
    if (!ref) return c.redirect("/bookings", 303);
    let outcome = "approved";
    try {
      const booking = await completePayment(c.var.deps, orderId);
      const now = await q.findBooking(c.var.deps.database.db, booking.id);
      if (now?.status === "pending_payment") outcome = "processing";
      else if (now?.status === "cancelled" || now?.status === "expired") outcome = "failed";
    } catch (error) {
      // The webhook or the expiry job finishes it; the booking page shows where it stands.
      c.var.deps.log.warn({ err: error, orderId }, "payment return could not complete the payment");
      outcome = "processing";
    }
    return c.redirect(`${bookingPagePath(ref.id)}?payment=${outcome}`, 303);
  });

  app.get(PAYMENT_CANCEL_PATH, requireAccess("public"), async (c) => {
    const orderId = c.req.query("token") ?? "";
    if (orderId && (await isHailOrder(c.var.deps, orderId))) {
      return c.redirect(await hailPaymentReturn(c.var.deps, orderId, "cancel"), 303);
    }
    const ref = orderId ? await q.findBookingByOrder(c.var.deps.database.db, orderId) : undefined;
    if (!ref) return c.redirect("/bookings", 303);
    await cancelledAtProvider(c.var.deps, orderId);
    return c.redirect(`${bookingPagePath(ref.id)}?payment=cancelled`, 303);
  });

  app.post(PAYPAL_WEBHOOK_PATH, requireAccess("public"), async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const handled = await handleWebhook(c.var.deps, c.req.raw.headers, raw);
    if (handled === "invalid") throw new AppError("unauthenticated", "Invalid webhook signature");
    return c.json({ received: true, duplicate: handled === "duplicate" }, 200);
  });

  return app;
}
