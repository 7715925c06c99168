import { FakePayPalError } from "./errors.ts";
import type { MadeRef } from "./idempotency.ts";
import * as payments from "./payments.ts";
import type { FakePayouts } from "./payouts.ts";
import * as json from "./representation.ts";
import { cents, type Route } from "./routes.ts";
import type { FakePayPalState, Outcome } from "./state.ts";
import type { FailureKind } from "./steering.ts";

// What each Orders / Payments route does to the fake's state, and how the object it made or
// read looks in an answer (full or minimal).

export function createActions(
  state: FakePayPalState,
  payouts: FakePayouts,
  base: () => string,
  now: () => Date,
) {
  const render = () => ({ base: base(), state });

  function outcomeOf(kind: FailureKind | null): Outcome {
    if (kind === "pending") return "pending";
    return kind === "declined" || kind === "instrument_declined" ? "declined" : "ok";
  }

  /** The object `ref` as PayPal shows it now: full or minimal. */
  function show(ref: MadeRef, minimal: boolean): unknown {
    const r = render();
    switch (ref.kind) {
      case "order": {
        const order = state.liveOrder(ref.id);
        return minimal
          ? json.minimalJson(order, json.orderLinks(r, order))
          : json.orderJson(r, order);
      }
      case "authorization": {
        const a = state.authorization(ref.id);
        return minimal
          ? json.minimalJson(a, json.authorizationLinks(r, a))
          : json.authorizationJson(r, a);
      }
      case "capture": {
        const c = state.capture(ref.id);
        return minimal ? json.minimalJson(c, json.captureLinks(r, c)) : json.captureJson(r, c);
      }
      case "refund": {
        const f = state.refund(ref.id);
        return minimal ? json.minimalJson(f, json.refundLinks(r, f)) : json.refundJson(r, f);
      }
      case "payout": {
        const batch = payouts.batches.get(ref.id);
        if (!batch) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
        return payouts.createdJson(base(), batch);
      }
    }
  }

  /** Runs the time-out a test asked for with failNext(…, "expired"). */
  function expireNow(route: Route, id: string) {
    if (route.operation === "authorize" || route.operation === "captureOrder") {
      state.order(id).expired = true;
    } else if (route.api === "payments" && state.authorizations.has(id)) {
      const authorization = state.authorization(id);
      authorization.expirationTime = new Date(now().getTime() - 1000);
      state.sweep();
    }
  }

  function act(route: Route, id: string, input: Record<string, unknown>, kind: FailureKind | null) {
    const outcome = outcomeOf(kind);
    const currency = (amount: unknown) =>
      (amount as { currency_code?: string } | undefined)?.currency_code ?? null;
    if (kind === "expired") expireNow(route, id);
    const made = (status: number, ref: MadeRef) => ({ status, ref });
    switch (route.operation) {
      case "createOrder":
        return made(201, { kind: "order", id: createOrder(input).id });
      case "getOrder":
        return made(200, { kind: "order", id: state.liveOrder(id).id });
      case "authorize":
        state.authorizeOrder(id, outcome);
        return made(201, { kind: "order", id });
      case "captureOrder":
        state.captureOrder(id, outcome);
        return made(201, { kind: "order", id });
      case "getAuthorization":
        return made(200, { kind: "authorization", id: state.authorization(id).id });
      case "capture": {
        const amountCents = cents(input.amount);
        const capture = payments.captureAuthorization(
          state,
          id,
          {
            amountCents,
            currency: currency(input.amount),
            finalCapture: input.final_capture === true,
          },
          outcome,
        );
        return made(201, { kind: "capture", id: capture.id });
      }
      case "void":
        return made(200, { kind: "authorization", id: payments.voidAuthorization(state, id).id });
      case "reauthorize": {
        const input2 = { amountCents: cents(input.amount), currency: currency(input.amount) };
        return made(201, { kind: "authorization", id: payments.reauthorize(state, id, input2).id });
      }
      case "getCapture":
        return made(200, { kind: "capture", id: state.capture(id).id });
      case "refund": {
        const input2 = { amountCents: cents(input.amount), currency: currency(input.amount) };
        return made(201, { kind: "refund", id: payments.refundCapture(state, id, input2).id });
      }
      case "getRefund":
        return made(200, { kind: "refund", id: state.refund(id).id });
      default:
        throw new Error(`no handler for ${route.operation}`);
    }
  }

  function createOrder(input: Record<string, unknown>) {
    type Unit = {
      reference_id?: string;
      description?: string;
      custom_id?: string;
      invoice_id?: string;
      amount: { currency_code: string; value: string };
    };
    type Context = { return_url?: string; cancel_url?: string };
    const units = input.purchase_units as Unit[];
    if (units.length > 1) {
      if (input.intent === "AUTHORIZE") throw new FakePayPalError(422, "UNSUPPORTED_INTENT");
      throw new FakePayPalError(501, "FAKE_SUPPORTS_ONE_PURCHASE_UNIT", "NOT_IMPLEMENTED");
    }
    const unit = units[0] as Unit;
    const source = input.payment_source as
      | { paypal?: { experience_context?: Context } }
      | undefined;
    const experience = source?.paypal ? (source.paypal.experience_context ?? {}) : undefined;
    const context = experience ?? (input.application_context as Context | undefined);
    return state.createOrder({
      intent: input.intent as "AUTHORIZE" | "CAPTURE",
      referenceId: unit.reference_id ?? "default",
      description: unit.description ?? null,
      customId: unit.custom_id ?? null,
      invoiceId: unit.invoice_id ?? null,
      amountCents: cents(unit.amount) ?? 0,
      currency: unit.amount.currency_code,
      approveRel: experience ? "payer-action" : "approve",
      returnUrl: context?.return_url ?? null,
      cancelUrl: context?.cancel_url ?? null,
    });
  }

  return { act, show };
}
