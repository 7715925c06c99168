import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { payoutRequestIdHeader, preferHeader, requestIdHeader } from "../paypal-schemas/common.ts";
import { checkRequest, type PayPalDetail } from "../paypal-schemas/issues.ts";
import { createActions } from "./actions.ts";
import { buyerPage } from "./buyer-page.ts";
import { errorBody, FakePayPalError } from "./errors.ts";
import type { MadeRef, RequestIds } from "./idempotency.ts";
import type { FakePayouts } from "./payouts.ts";
import { answerSchema, type FakeOperation, findRoute, type Route } from "./routes.ts";
import type { FakePayPalState } from "./state.ts";
import type { Steering } from "./steering.ts";
import type { Tokens } from "./tokens.ts";

// One request through the fake PayPal: route → steered failure → token → headers → body
// against its schema → PayPal-Request-Id → (held) → act → answer, minimal unless the request
// prefers the representation; every answer is checked against its schema before it leaves.

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
  steering: Steering;
  tokens: Tokens;
  /** Called with an answer that fails its schema (a bug in the fake). */
  onBug(error: Error): void;
};

const refused = (error: FakePayPalError): Answer => ({
  status: error.status,
  body: errorBody(error),
});

export function createHandler(ctx: HandlerContext) {
  const { state, payouts, requestIds, steering, tokens } = ctx;
  const { act, show } = createActions(state, payouts, ctx.base, ctx.now);

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
    const kind = steering.takeFailure(route.operation);
    if (kind === "server_error") return refused(new FakePayPalError(500, "INTERNAL_SERVER_ERROR"));
    if (route.operation === "token") {
      if (kind === "unauthorized")
        return {
          status: 401,
          body: { error: "invalid_client", error_description: "Client Authentication failed" },
        };
      return tokens.issue(req, body);
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (kind === "unauthorized" || !tokens.valid(bearer)) {
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
      // Payouts answer 400 VALIDATION_ERROR (their spec has no 422); Orders / Payments 400 or 422.
      if (route.api === "payouts") {
        return { status: 400, body: payoutValidationError(issues.details) };
      }
      const first = issues.details[0]?.issue ?? "INVALID_REQUEST";
      return refused(
        new FakePayPalError(issues.status, first, undefined, { details: issues.details }),
      );
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
      await steering.takeHold(route.operation);
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

  return async function handle(req: IncomingMessage, url: URL, body: string): Promise<Answer> {
    state.sweep();
    if (req.method === "GET" && url.pathname === "/checkoutnow") return buyerPage(state, url);
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
