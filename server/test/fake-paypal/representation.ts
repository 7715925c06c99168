import { order as orderSchema } from "../paypal-schemas/orders.ts";
import { RESOURCE_SCHEMAS } from "../paypal-schemas/webhooks.ts";
import type { FakeAuthorization, FakeCapture, FakeOrder, FakeRefund } from "./model.ts";
import type { FakePayouts } from "./payouts.ts";
import type { FakePayPalState } from "./state.ts";

// The JSON PayPal answers with: the full representation (Prefer: return=representation, GETs,
// webhook resources) and the minimal one (id, status, links: PayPal's default). Checked against
// ../paypal-schemas before it is sent.

export function money(cents: number, currency: string) {
  const digits = String(cents).padStart(3, "0");
  return { currency_code: currency, value: `${digits.slice(0, -2)}.${digits.slice(-2)}` };
}

/** PayPal's times: whole seconds, UTC. */
export const time = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

type Link = { href: string; rel: string; method: "GET" | "POST" | "PATCH" };
const get = (href: string, rel: string): Link => ({ href, rel, method: "GET" });
const post = (href: string, rel: string): Link => ({ href, rel, method: "POST" });

export type Render = { base: string; state: FakePayPalState };

export function authorizationLinks({ base }: Render, a: FakeAuthorization): Link[] {
  const self = `${base}/v2/payments/authorizations/${a.id}`;
  const open = ["CREATED", "PARTIALLY_CAPTURED"].includes(a.status);
  return [
    get(self, "self"),
    ...(open ? [post(`${self}/capture`, "capture")] : []),
    ...(open && !a.parentId ? [post(`${self}/void`, "void")] : []),
    ...(open && !a.parentId ? [post(`${self}/reauthorize`, "reauthorize")] : []),
    get(`${base}/v2/checkout/orders/${a.orderId}`, "up"),
  ];
}

export function authorizationJson(r: Render, a: FakeAuthorization) {
  return {
    id: a.id,
    status: a.status,
    ...(a.status === "PENDING" ? { status_details: { reason: "PENDING_REVIEW" as const } } : {}),
    amount: money(a.amountCents, a.currency),
    expiration_time: time(a.expirationTime),
    create_time: time(a.createTime),
    update_time: time(a.updateTime),
    supplementary_data: { related_ids: { order_id: a.orderId } },
    links: authorizationLinks(r, a),
  };
}

export function captureLinks({ base }: Render, c: FakeCapture): Link[] {
  const self = `${base}/v2/payments/captures/${c.id}`;
  const refundable = c.status === "COMPLETED" || c.status === "PARTIALLY_REFUNDED";
  const up = c.authorizationId
    ? `${base}/v2/payments/authorizations/${c.authorizationId}`
    : `${base}/v2/checkout/orders/${c.orderId}`;
  return [
    get(self, "self"),
    ...(refundable ? [post(`${self}/refund`, "refund")] : []),
    get(up, "up"),
  ];
}

export function captureJson(r: Render, c: FakeCapture) {
  return {
    id: c.id,
    status: c.status,
    ...(c.status === "PENDING" ? { status_details: { reason: "PENDING_REVIEW" as const } } : {}),
    amount: money(c.amountCents, c.currency),
    final_capture: c.finalCapture,
    create_time: time(c.createTime),
    update_time: time(c.updateTime),
    supplementary_data: {
      related_ids: {
        order_id: c.orderId,
        ...(c.authorizationId ? { authorization_id: c.authorizationId } : {}),
      },
    },
    links: captureLinks(r, c),
  };
}

export function refundLinks({ base }: Render, f: FakeRefund): Link[] {
  return [
    get(`${base}/v2/payments/refunds/${f.id}`, "self"),
    get(`${base}/v2/payments/captures/${f.captureId}`, "up"),
  ];
}

export function refundJson(r: Render, f: FakeRefund) {
  const capture = r.state.capture(f.captureId);
  return {
    id: f.id,
    status: f.status,
    amount: money(f.amountCents, f.currency),
    ...(f.origin === "reversal" ? { note_to_payer: "Payment reversed" } : {}),
    create_time: time(f.createTime),
    update_time: time(f.updateTime),
    supplementary_data: { related_ids: { order_id: capture.orderId, capture_id: capture.id } },
    links: refundLinks(r, f),
  };
}

export function orderLinks(r: Render, o: FakeOrder): Link[] {
  const self = `${r.base}/v2/checkout/orders/${o.id}`;
  const awaiting = o.status === "CREATED" || o.status === "PAYER_ACTION_REQUIRED";
  const action = o.intent === "AUTHORIZE" ? "authorize" : "capture";
  return [
    get(self, "self"),
    ...(awaiting ? [get(r.state.approveHref(o), o.approveRel)] : []),
    ...(o.status === "APPROVED" ? [post(`${self}/${action}`, action)] : []),
  ];
}

export function orderJson(r: Render, o: FakeOrder) {
  const authorizations = o.authorizationIds.map((id) => r.state.authorization(id));
  const captureIds = [...o.captureIds, ...authorizations.flatMap((a) => a.captureIds)];
  const captures = captureIds.map((id) => r.state.capture(id));
  const refunds = captures.flatMap((c) => c.refundIds.map((id) => r.state.refund(id)));
  const payments = {
    ...(authorizations.length
      ? { authorizations: authorizations.map((a) => authorizationJson(r, a)) }
      : {}),
    ...(captures.length ? { captures: captures.map((c) => captureJson(r, c)) } : {}),
    ...(refunds.length ? { refunds: refunds.map((f) => refundJson(r, f)) } : {}),
  };
  return {
    id: o.id,
    intent: o.intent,
    status: o.status,
    ...(o.approveRel === "payer-action" ? { payment_source: { paypal: {} } } : {}),
    purchase_units: [
      {
        reference_id: o.referenceId,
        amount: money(o.amountCents, o.currency),
        ...(o.description ? { description: o.description } : {}),
        ...(o.customId ? { custom_id: o.customId } : {}),
        ...(o.invoiceId ? { invoice_id: o.invoiceId } : {}),
        ...(Object.keys(payments).length ? { payments } : {}),
      },
    ],
    create_time: time(o.createTime),
    update_time: time(o.updateTime),
    links: orderLinks(r, o),
  };
}

/** PayPal's default answer: id, status and HATEOAS links. */
export function minimalJson(object: { id: string; status: string }, links: Link[]) {
  return { id: object.id, status: object.status, links };
}

export type ResourceKind = "order" | "authorization" | "capture" | "refund" | "payout-item";

/** An object as PayPal shows it (e.g. a webhook's `resource`); off its schema, it throws. */
export function checkedResource(
  r: Render,
  payouts: FakePayouts,
  kind: ResourceKind,
  id: string,
): Record<string, unknown> {
  const { state } = r;
  const [schema, value] =
    kind === "payout-item"
      ? [RESOURCE_SCHEMAS.payouts_item, payouts.item(r.base, id)]
      : kind === "order"
        ? [orderSchema, orderJson(r, state.order(id))]
        : kind === "authorization"
          ? [RESOURCE_SCHEMAS.authorization, authorizationJson(r, state.authorization(id))]
          : kind === "capture"
            ? [RESOURCE_SCHEMAS.capture, captureJson(r, state.capture(id))]
            : [RESOURCE_SCHEMAS.refund, refundJson(r, state.refund(id))];
  const checked = schema.safeParse(value);
  if (!checked.success) throw new Error(`fake PayPal bug: ${kind} ${id}: ${checked.error.message}`);
  return value;
}
