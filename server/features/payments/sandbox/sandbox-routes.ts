// The sandbox provider's approval page (GET) and the buyer's answer (POST), served by our app
// when no PayPal account is configured. Plain HTML forms: no scripts, like a provider's page.
import { type Context, Hono } from "hono";
import { requireAccess } from "../../../platform/access.ts";
import { siteOrigin } from "../../../platform/auth.ts";
import { DEFAULT_BODY_LIMIT_BYTES, limitBody } from "../../../platform/body-limit.ts";
import type { AppEnv } from "../../../platform/http.ts";
import { approveCheckout, readCheckout } from "./sandbox-checkout.ts";
import { checkoutPage, messagePage } from "./sandbox-page.ts";
import { SANDBOX_OUTCOMES, type SandboxOutcome } from "./sandbox-store.ts";

/** PayPal's buyer id on the return URL; the sandbox has one buyer. */
export const SANDBOX_PAYER_ID = "SANDBOXPAYER";

/** `url` with the query parameters added (kept relative to `origin` if it has none). */
function withParams(url: string, origin: string, params: Record<string, string>): string {
  const target = new URL(url, origin);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/** What a relative return URL is relative to: the site. */
const origin = (c: Context<AppEnv>) => siteOrigin(c.var.deps.config);

const NOT_FOUND = () =>
  messagePage("Payment not found", "There is no sandbox payment at this address.");

export function sandboxCheckoutRoutes() {
  const app = new Hono<AppEnv>();
  const path = "/sandbox/checkout/:orderId";

  app.get(path, requireAccess("public"), async (c) => {
    const checkout = await readCheckout(
      c.var.deps.database,
      c.req.param("orderId"),
      c.var.deps.now(),
    );
    c.header("Cache-Control", "no-store");
    // The app-wide no-referrer policy makes a browser send `Origin: null` with a form POST,
    // which the cross-site guard refuses; same-origin lets the form name its own origin.
    c.header("Referrer-Policy", "same-origin");
    if (!checkout) return c.html(NOT_FOUND(), 404);
    if (checkout.status !== "CREATED") {
      const back = withParams(checkout.returnUrl, origin(c), {
        token: checkout.orderId,
        PayerID: SANDBOX_PAYER_ID,
      });
      return c.html(
        messagePage(
          "Payment already approved",
          "This payment was already approved. You can go back to ShutterHail.",
          { href: back, label: "Return to ShutterHail" },
        ),
      );
    }
    return c.html(checkoutPage(checkout));
  });

  app.post(path, requireAccess("public"), limitBody(DEFAULT_BODY_LIMIT_BYTES), async (c) => {
    const { database, now } = c.var.deps;
    const orderId = c.req.param("orderId");
    // Read first (at most the body limit), so no answer leaves a body unread on the connection.
    const form = await c.req.parseBody();
    const checkout = await readCheckout(database, orderId, now());
    if (!checkout) return c.html(NOT_FOUND(), 404);
    const action = form.action;
    const outcome = form.outcome ?? "approve";
    if (action === "cancel") {
      // PayPal leaves the order as it was; the buyer may come back and approve it.
      return c.redirect(withParams(checkout.cancelUrl, origin(c), { token: orderId }), 303);
    }
    if (action !== "approve" || !SANDBOX_OUTCOMES.includes(outcome as SandboxOutcome)) {
      return c.html(
        messagePage("Unknown choice", "The form sent an action or test outcome we do not know."),
        400,
      );
    }
    const approved = await approveCheckout(database, orderId, outcome as SandboxOutcome, now());
    if (!approved) return c.html(NOT_FOUND(), 404);
    return c.redirect(
      withParams(approved.returnUrl, origin(c), { token: orderId, PayerID: SANDBOX_PAYER_ID }),
      303,
    );
  });
  return app;
}
