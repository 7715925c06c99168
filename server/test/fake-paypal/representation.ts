import type {
  FakeAuthorization,
  FakeCapture,
  FakeOrder,
  FakePayPalState,
  FakeRefund,
} from "./state.ts";

// The JSON PayPal answers with (Orders v2 / Payments v2 "return=representation" shapes, reduced
// to the fields a client reads). Also the `resource` of webhook events.

export function money(cents: number, currency: string) {
  const digits = String(cents).padStart(3, "0");
  return { currency_code: currency, value: `${digits.slice(0, -2)}.${digits.slice(-2)}` };
}

const time = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

export function authorizationJson(base: string, a: FakeAuthorization) {
  return {
    id: a.id,
    status: a.status,
    amount: money(a.amountCents, a.currency),
    create_time: time(a.createTime),
    update_time: time(a.createTime),
    expiration_time: time(a.expirationTime),
    supplementary_data: { related_ids: { order_id: a.orderId } },
    links: [
      { href: `${base}/v2/payments/authorizations/${a.id}`, rel: "self", method: "GET" },
      {
        href: `${base}/v2/payments/authorizations/${a.id}/capture`,
        rel: "capture",
        method: "POST",
      },
      { href: `${base}/v2/payments/authorizations/${a.id}/void`, rel: "void", method: "POST" },
    ],
  };
}

export function captureJson(base: string, state: FakePayPalState, c: FakeCapture) {
  const authorization = state.authorizations.get(c.authorizationId);
  return {
    id: c.id,
    status: c.status,
    amount: money(c.amountCents, c.currency),
    final_capture: c.finalCapture,
    create_time: time(c.createTime),
    update_time: time(c.createTime),
    supplementary_data: {
      related_ids: { order_id: authorization?.orderId, authorization_id: c.authorizationId },
    },
    links: [{ href: `${base}/v2/payments/captures/${c.id}`, rel: "self", method: "GET" }],
  };
}

export function refundJson(base: string, r: FakeRefund) {
  return {
    id: r.id,
    status: r.status,
    amount: money(r.amountCents, r.currency),
    create_time: time(r.createTime),
    update_time: time(r.createTime),
    links: [
      { href: `${base}/v2/payments/refunds/${r.id}`, rel: "self", method: "GET" },
      { href: `${base}/v2/payments/captures/${r.captureId}`, rel: "up", method: "GET" },
    ],
  };
}

export function orderJson(base: string, state: FakePayPalState, o: FakeOrder) {
  const authorizations = o.authorizationIds.map((id) => state.authorization(id));
  const captures = authorizations.flatMap((a) => a.captureIds.map((id) => state.capture(id)));
  const awaiting = o.status === "CREATED" || o.status === "PAYER_ACTION_REQUIRED";
  return {
    id: o.id,
    intent: "AUTHORIZE",
    status: o.status,
    create_time: time(o.createTime),
    purchase_units: [
      {
        reference_id: o.referenceId,
        ...(o.description ? { description: o.description } : {}),
        amount: money(o.amountCents, o.currency),
        ...(authorizations.length
          ? {
              payments: {
                authorizations: authorizations.map((a) => authorizationJson(base, a)),
                ...(captures.length
                  ? { captures: captures.map((c) => captureJson(base, state, c)) }
                  : {}),
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${base}/v2/checkout/orders/${o.id}`, rel: "self", method: "GET" },
      ...(awaiting
        ? [{ href: `${base}/checkoutnow?token=${o.id}`, rel: o.approveRel, method: "GET" }]
        : []),
      ...(o.status === "APPROVED"
        ? [
            {
              href: `${base}/v2/checkout/orders/${o.id}/authorize`,
              rel: "authorize",
              method: "POST",
            },
          ]
        : []),
    ],
  };
}
