import { Hono } from "hono";
import { requireAccess } from "../../platform/access.ts";
import { limitBody } from "../../platform/body-limit.ts";
import { AppError } from "../../platform/errors.ts";
import type { AppEnv } from "../../platform/http.ts";
import { completeOrder } from "./complete-order.ts";
import { handlersFor } from "./handlers.ts";
import { PAYMENT_CANCEL_PATH, PAYMENT_RETURN_PATH } from "./open-order.ts";
import * as q from "./queries.ts";
import { handleWebhook } from "./webhooks.ts";

export const PAYPAL_WEBHOOK_PATH = "/api/payments/paypal/webhook";
/** PayPal's event bodies are a few kilobytes; nothing larger is read. */
export const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Where the provider sends the buyer back (return and cancel URLs, with `token` = the order
 * id, as PayPal does) and where PayPal posts webhooks. The return completes the payment on the
 * server without waiting for the webhook; the order itself is the only input trusted, re-read
 * from the provider. The cancel URL changes nothing — it is an anonymous GET — and shows the
 * buyer where they stand; an unapproved order simply lapses. Not JSON API routes: they answer
 * with redirects, or to PayPal.
 */
export function paymentRoutes() {
  const app = new Hono<AppEnv>();

  app.get(PAYMENT_RETURN_PATH, requireAccess("public"), async (c) => {
    const deps = c.var.deps;
    const token = c.req.query("token") ?? "";
    const order = token ? await q.findOrderByProviderRef(deps.database.db, token) : undefined;
    if (!order) return c.redirect("/bookings", 303);
    let outcome: Awaited<ReturnType<typeof completeOrder>>["outcome"] = "processing";
    let latest = order;
    try {
      ({ order: latest, outcome } = await completeOrder(deps, order));
    } catch (error) {
      // The webhook or a job finishes it; the page the buyer lands on shows where it stands.
      deps.log.warn({ err: error, token }, "payment return could not complete the payment");
    }
    return c.redirect(handlersFor(deps, latest.purpose).returnPath(latest, outcome), 303);
  });

  app.get(PAYMENT_CANCEL_PATH, requireAccess("public"), async (c) => {
    const deps = c.var.deps;
    const token = c.req.query("token") ?? "";
    const order = token ? await q.findOrderByProviderRef(deps.database.db, token) : undefined;
    if (!order) return c.redirect("/bookings", 303);
    return c.redirect(handlersFor(deps, order.purpose).returnPath(order, "cancelled"), 303);
  });

  app.post(
    PAYPAL_WEBHOOK_PATH,
    requireAccess("public"),
    limitBody(WEBHOOK_BODY_LIMIT_BYTES),
    async (c) => {
      const raw = new Uint8Array(await c.req.arrayBuffer());
      const handled = await handleWebhook(c.var.deps, c.req.raw.headers, raw);
      if (handled === "invalid") throw new AppError("unauthenticated", "Invalid webhook signature");
      return c.json({ received: true, duplicate: handled === "duplicate" }, 200);
    },
  );

  return app;
}
