import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { payoutRequestIdHeader, preferHeader, requestIdHeader } from "../paypal-schemas/common.ts";
import { checkRequest, type PayPalDetail } from "../paypal-schemas/issues.ts";
import { errorBody, FakePayPalError } from "./errors.ts";
import type { MadeRef, RequestIds } from "./idempotency.ts";
import * as payments from "./payments.ts";
import type { FakePayouts } from "./payouts.ts";
import * as json from "./representation.ts";
import { answerSchema, cents, type FakeOperation, findRoute, type Route } from "./routes.ts";
import type { FakePayPalState, Outcome } from "./state.ts";

// One request through the fake PayPal: route → steered failure → token → headers → body
// against its schema → PayPal-Request-Id → (held) → act → answer, minimal unless the request
// prefers the representation; every answer is checked against its schema before it leaves.

/**
 * declined: an order's authorize/capture → 422 INSTRUMENT_DECLINED (the order goes back to the
 *   buyer); an authorization's capture → 201 with a DECLINED capture.
 * instrument_declined: the same, for an order's authorize/capture only.
 * pending: the next authorization or capture is created PENDING (settle it with fake.settle).
 * expired: the object's time runs out just before the call (an order expires, an authorization
 *   lapses to VOIDED), so PayPal answers ORDER_EXPIRED / AUTHORIZATION_EXPIRED / …
 * server_error: 500 without acting. server_error_after_acting: acts (and remembers the request
 *   id), then answers 500 (PayPal acted but the answer was lost).
 * unauthorized: 401 as if the token had been revoked.
 */
export type FailureKind =
  | "declined"
  | "instrument_declined"
  | "pending"
  | "expired"
  | "server_error"
  | "server_error_after_acting"
  | "unauthorized";

export type Answer = { status: number; body?: unknown; location?: string };

/** A request the fake refused because it broke PayPal's schema. */
export type Violation = {
  method: string;
  path: string;
  operation: FakeOperation | null;
  status: number;
  details: PayPalDetail[];
};

export type HandlerContext = {
  state: FakePayPalState;
  payouts: FakePayouts;
  requestIds: RequestIds;
  violations: Violation[];
  base: () => string;
  now: () => Date;
  takeFailure(operation: FakeOperation): FailureKind | null;
  takeHold(operation: FakeOperation): Promise<void> | null;
  issueToken(req: IncomingMessage, body: string): Answer;
  tokenValid(bearer: string): boolean;
  /** Called with an answer that fails its schema (a bug in the fake). */
  onBug(error: Error): void;
};

const refused = (error: FakePayPalError): Answer => ({
  status: error.status,
  body: errorBody(error),
});

export function createHandler(ctx: HandlerContext) {
  const { state, payouts, requestIds } = ctx;
  const render = () => ({ base: ctx.base(), state });

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
        return payouts.createdJson(ctx.base(), batch);
      }
    }
  }

  /** Runs the time-out a test asked for with failNext(…, "expired"). */
  function expireNow(route: Route, id: string) {
    if (route.operation === "authorize" || route.operation === "captureOrder") {
      state.order(id).expired = true;
    } else if (route.api === "payments" && state.authorizations.has(id)) {
      const authorization = state.authorization(id);
      authorization.expirationTime = new Date(ctx.now().getTime() - 1000);
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

  /** The answer to a request PayPal acted on (or a repeat of it). */
  function answer(
    route: Route,
    result: { status: number; ref: MadeRef },
    minimal: boolean,
  ): Answer {
    if (route.operation === "void" && minimal) return { status: 204 };
    const full = !route.minimal || !minimal;
    return { status: result.status, body: show(result.ref, !full) };
  }

  function headerIssue(field: string, value: string, issue: string): FakePayPalError {
    const details: PayPalDetail[] = [
      { field, value, location: "body", issue, description: `Invalid ${field}` },
    ];
    return new FakePayPalError(400, issue, undefined, { details });
  }

  async function api(req: IncomingMessage, route: Route, id: string, path: string, body: string) {
    const kind = ctx.takeFailure(route.operation);
    if (kind === "server_error") return refused(new FakePayPalError(500, "INTERNAL_SERVER_ERROR"));
    if (route.operation === "token") {
      if (kind === "unauthorized")
        return {
          status: 401,
          body: { error: "invalid_client", error_description: "Client Authentication failed" },
        };
      return ctx.issueToken(req, body);
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (kind === "unauthorized" || !ctx.tokenValid(bearer)) {
      return refused(new FakePayPalError(401, "INVALID_TOKEN"));
    }
    const requestId = req.headers["paypal-request-id"] as string | undefined;
    const prefer = (req.headers.prefer as string | undefined) ?? "return=minimal";
    const minimal = !prefer.includes("return=representation");
    const violation = (status: number, details: PayPalDetail[]) => {
      ctx.violations.push({
        method: route.method,
        path,
        operation: route.operation,
        status,
        details,
      });
    };
    if (route.method === "POST" && requestId !== undefined) {
      const schema = route.api === "payouts" ? payoutRequestIdHeader : requestIdHeader;
      if (!schema.safeParse(requestId).success) {
        const error = headerIssue("PayPal-Request-Id", requestId, "INVALID_STRING_LENGTH");
        violation(400, error.extra.details ?? []);
        return refused(error);
      }
    }
    if (!preferHeader.safeParse(prefer).success) {
      const error = headerIssue("Prefer", prefer, "INVALID_PARAMETER_VALUE");
      violation(400, error.extra.details ?? []);
      return refused(error);
    }
    let input: Record<string, unknown> = {};
    if (route.method === "POST" && body.trim()) {
      try {
        input = JSON.parse(body);
      } catch {
        const details = [
          {
            field: "/",
            location: "body" as const,
            issue: "MALFORMED_REQUEST_JSON",
            description: "The request JSON is not well formed.",
          },
        ];
        violation(400, details);
        return refused(new FakePayPalError(400, "MALFORMED_REQUEST_JSON", undefined, { details }));
      }
    }
    const issues = route.request ? checkRequest(route.request, input) : null;
    if (issues) {
      violation(issues.status, issues.details);
      const error = new FakePayPalError(
        issues.status,
        issues.details[0]?.issue ?? "INVALID_REQUEST",
        undefined,
        {
          details: issues.details,
        },
      );
      if (route.api === "payouts")
        return { status: 400, body: payoutValidationError(issues.details) };
      return refused(error);
    }

    const idempotent = route.idempotent === true && requestId !== undefined;
    if (requestId !== undefined && route.method === "POST") {
      requestIds.noteUse(requestId, { method: route.method, path, operation: route.operation });
    }
    if (idempotent) {
      const earlier = requestIds.lookup(route.api, path, requestId);
      if (earlier === "in-flight")
        return refused(new FakePayPalError(409, "PREVIOUS_REQUEST_IN_PROGRESS"));
      // A repeat: the object's latest state, without acting (orders: 200, as the spec says).
      if (earlier)
        return answer(route, { status: route.api === "orders" ? 200 : 201, ref: earlier }, minimal);
      requestIds.begin(route.api, path, requestId);
    }
    try {
      await ctx.takeHold(route.operation);
      if (route.operation === "createPayout") {
        const made = payouts.create(ctx.base(), input as Parameters<FakePayouts["create"]>[1]);
        if (idempotent && made.batchId)
          requestIds.remember(route.api, path, requestId, { kind: "payout", id: made.batchId });
        if (kind === "server_error_after_acting")
          return refused(new FakePayPalError(500, "INTERNAL_SERVER_ERROR"));
        return { status: made.status, body: made.body };
      }
      if (route.operation === "getPayout")
        return { status: 200, body: payouts.read(ctx.base(), id) };
      if (route.operation === "getPayoutItem")
        return { status: 200, body: payouts.item(ctx.base(), id) };
      const result = act(route, id, input, kind);
      if (idempotent) requestIds.remember(route.api, path, requestId, result.ref);
      if (kind === "server_error_after_acting")
        return refused(new FakePayPalError(500, "INTERNAL_SERVER_ERROR"));
      return answer(route, result, route.method === "POST" && minimal);
    } finally {
      if (idempotent) requestIds.end(route.api, path, requestId);
    }
  }

  /** The buyer's page (PayPal's checkoutnow): approves at once, or cancels with ?cancel=1. */
  function buyerPage(url: URL): Answer {
    const order = state.orders.get(url.searchParams.get("token") ?? "");
    if (!order) return { status: 404, body: "No such order" };
    const back = (target: string | null, query: string) =>
      target ? `${target}${target.includes("?") ? "&" : "?"}${query}` : undefined;
    if (url.searchParams.has("cancel")) {
      const location = back(order.cancelUrl, `token=${order.id}`);
      return { status: location ? 302 : 200, body: "cancelled", location };
    }
    try {
      state.approve(order.id);
    } catch (error) {
      if (!(error instanceof FakePayPalError)) throw error;
      const text =
        error.status === 410
          ? "This order has expired."
          : `${error.extra.description ?? error.issue}`;
      return { status: error.status, body: text };
    }
    const payerId = randomBytes(7).toString("hex").toUpperCase().slice(0, 13);
    const location = back(order.returnUrl, `token=${order.id}&PayerID=${payerId}`);
    return { status: location ? 302 : 200, body: "approved", location };
  }

  return async function handle(req: IncomingMessage, url: URL, body: string): Promise<Answer> {
    state.sweep();
    if (req.method === "GET" && url.pathname === "/checkoutnow") return buyerPage(url);
    const found = findRoute(req.method ?? "GET", url.pathname);
    if (!found) return refused(new FakePayPalError(404, "INVALID_RESOURCE_ID"));
    let result: Answer;
    try {
      result = await api(req, found.route, found.id, url.pathname, body);
    } catch (error) {
      if (!(error instanceof FakePayPalError)) throw error;
      result =
        found.route.api === "payouts" && error.status === 404
          ? {
              status: 404,
              body: {
                ...errorBody(error),
                name: "INVALID_RESOURCE_ID",
                message: "Requested resource ID was not found.",
              },
            }
          : refused(error);
    }
    const schema =
      found.route.operation === "token"
        ? null
        : answerSchema(found.route, result.status, !isFull(req));
    const checked = schema?.safeParse(result.body);
    if (checked && !checked.success) {
      const bug = new Error(
        `fake PayPal bug: ${req.method} ${url.pathname} answered ${result.status} off its schema: ${checked.error.message}`,
      );
      ctx.onBug(bug);
      return {
        status: 500,
        body: { name: "FAKE_PAYPAL_BUG", message: bug.message, debug_id: "fake" },
      };
    }
    return result;
  };
}

const isFull = (req: IncomingMessage) =>
  req.method === "GET" || String(req.headers.prefer ?? "").includes("return=representation");

/** Payouts' 400 for a request that breaks the schema (its `error` shape). */
function payoutValidationError(details: PayPalDetail[]) {
  return {
    name: "VALIDATION_ERROR",
    message: "Invalid request - see details",
    debug_id: randomBytes(6).toString("hex"),
    information_link: "https://developer.paypal.com/docs/api/payments.payouts-batch/#errors",
    details,
    links: [],
  };
}
