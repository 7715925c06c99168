import { FakePayPalError } from "./errors.ts";
import {
  type Capabilities,
  DAY_MS,
  DEFAULT_CAPABILITIES,
  type FakeAuthorization,
  type FakeCapture,
  type FakeOrder,
  type FakeRefund,
  type Intent,
  ORDER_WINDOW_MS,
  paypalId,
  VALID_DAYS,
} from "./model.ts";

// The fake PayPal's memory and its Orders v2 rules (payments.ts holds the Payments v2 ones).
// Time is read from `now` at every look-up: an order past its window expires, an authorization
// past its 29 days lapses to VOIDED (PayPal has no EXPIRED authorization status) and announces
// PAYMENT.AUTHORIZATION.VOIDED.

export { FakePayPalError } from "./errors.ts";
export type { FakeAuthorization, FakeCapture, FakeOrder, FakeRefund } from "./model.ts";
export { HONOR_DAYS, paypalId, VALID_DAYS } from "./model.ts";

/** An event PayPal would send a webhook for: its type and the object it is about. */
export type FakeEvent = {
  eventType: string;
  kind: "order" | "authorization" | "capture" | "refund";
  id: string;
};

/**
 * How the next authorize / capture turns out: ok; pending (created PENDING, settled later by
 * fake.settle); declined (an order: 422 INSTRUMENT_DECLINED and the buyer must choose again; an
 * authorization's capture: 201 with a DECLINED capture).
 */
export type Outcome = "ok" | "pending" | "declined";

export type NewOrder = {
  intent?: Intent;
  referenceId: string;
  description: string | null;
  customId?: string | null;
  invoiceId?: string | null;
  amountCents: number;
  currency: string;
  approveRel: "payer-action" | "approve";
  returnUrl: string | null;
  cancelUrl: string | null;
};

export class FakePayPalState {
  readonly orders = new Map<string, FakeOrder>();
  readonly authorizations = new Map<string, FakeAuthorization>();
  readonly captures = new Map<string, FakeCapture>();
  readonly refunds = new Map<string, FakeRefund>();
  capabilities: Capabilities;
  /** Where the buyer's pages are (set by the server once it listens). */
  baseUrl = "http://127.0.0.1";
  /** Called for every event PayPal would announce by webhook. */
  onEvent: (event: FakeEvent) => void = () => {};

  constructor(
    readonly now: () => Date,
    capabilities: Partial<Capabilities> = {},
  ) {
    this.capabilities = { ...DEFAULT_CAPABILITIES, ...capabilities };
  }

  createOrder(input: NewOrder): FakeOrder {
    const now = this.now();
    const order: FakeOrder = {
      intent: "AUTHORIZE",
      customId: null,
      invoiceId: null,
      ...input,
      id: paypalId(),
      status: input.approveRel === "payer-action" ? "PAYER_ACTION_REQUIRED" : "CREATED",
      expired: false,
      createTime: now,
      updateTime: now,
      approvedAt: null,
      authorizationIds: [],
      captureIds: [],
    };
    this.orders.set(order.id, order);
    return order;
  }

  /** An order as it is, expired or not (404 INVALID_RESOURCE_ID when unknown). */
  order(id: string): FakeOrder {
    this.sweep();
    const order = this.orders.get(id);
    if (!order) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    return order;
  }

  /** An order PayPal still shows: an expired one is gone (GET answers 404). */
  liveOrder(id: string): FakeOrder {
    const order = this.order(id);
    if (order.expired) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    return order;
  }

  authorization(id: string): FakeAuthorization {
    this.sweep();
    const authorization = this.authorizations.get(id);
    if (!authorization) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    return authorization;
  }

  capture(id: string): FakeCapture {
    const capture = this.captures.get(id);
    if (!capture) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    return capture;
  }

  refund(id: string): FakeRefund {
    const refund = this.refunds.get(id);
    if (!refund) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    return refund;
  }

  /** The buyer's page for an order (PayPal's checkoutnow). */
  approveHref(order: FakeOrder) {
    return `${this.baseUrl}/checkoutnow?token=${order.id}`;
  }

  /** Applies the clock: orders past their window expire, authorizations past 29 days lapse. */
  sweep() {
    const now = this.now().getTime();
    for (const order of this.orders.values()) {
      const open = ["CREATED", "PAYER_ACTION_REQUIRED", "APPROVED"].includes(order.status);
      const windowStart = (order.approvedAt ?? order.createTime).getTime();
      if (open && !order.expired && now > windowStart + ORDER_WINDOW_MS) order.expired = true;
    }
    for (const authorization of this.authorizations.values()) {
      const open = ["CREATED", "PARTIALLY_CAPTURED", "PENDING"].includes(authorization.status);
      if (open && now > authorization.expirationTime.getTime()) {
        authorization.status = "VOIDED";
        authorization.lapsed = true;
        authorization.updateTime = this.now();
        this.onEvent({
          eventType: "PAYMENT.AUTHORIZATION.VOIDED",
          kind: "authorization",
          id: authorization.id,
        });
      }
    }
  }

  /**
   * What the buyer does on PayPal's page. Refused (FakePayPalError) when the order expired
   * (410) or does not wait for the buyer (409).
   */
  approve(orderId: string) {
    const order = this.order(orderId);
    if (order.expired) throw new FakePayPalError(410, "ORDER_EXPIRED");
    if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") {
      throw new FakePayPalError(409, "ORDER_NOT_AWAITING_APPROVAL", "CONFLICT", {
        description: `order ${orderId} is ${order.status}`,
      });
    }
    order.status = "APPROVED";
    order.approvedAt = this.now();
    order.updateTime = this.now();
    this.onEvent({ eventType: "CHECKOUT.ORDER.APPROVED", kind: "order", id: order.id });
  }

  /** POST /v2/checkout/orders/{id}/authorize. */
  authorizeOrder(orderId: string, outcome: Outcome): FakeAuthorization {
    const order = this.actionableOrder(orderId, "AUTHORIZE");
    if (!this.capabilities.authCapture) throw new FakePayPalError(422, "AUTH_CAPTURE_NOT_ENABLED");
    if (order.status === "COMPLETED") throw new FakePayPalError(422, "ORDER_ALREADY_AUTHORIZED");
    this.requireApproval(order, outcome);
    const createTime = this.now();
    const id = paypalId();
    const authorization: FakeAuthorization = {
      id,
      orderId,
      status: outcome === "pending" ? "PENDING" : "CREATED",
      lapsed: false,
      amountCents: order.amountCents,
      currency: order.currency,
      createTime,
      updateTime: createTime,
      expirationTime: new Date(createTime.getTime() + VALID_DAYS * DAY_MS),
      parentId: null,
      rootId: id,
      captureIds: [],
    };
    this.authorizations.set(id, authorization);
    order.authorizationIds.push(id);
    if (authorization.status === "CREATED") {
      this.onEvent({ eventType: "PAYMENT.AUTHORIZATION.CREATED", kind: "authorization", id });
    }
    this.complete(order);
    return authorization;
  }

  /** POST /v2/checkout/orders/{id}/capture: the whole amount of a CAPTURE order. */
  captureOrder(orderId: string, outcome: Outcome): FakeCapture {
    const order = this.actionableOrder(orderId, "CAPTURE");
    if (order.status === "COMPLETED") throw new FakePayPalError(422, "ORDER_ALREADY_CAPTURED");
    this.requireApproval(order, outcome);
    const now = this.now();
    const capture: FakeCapture = {
      id: paypalId(),
      orderId,
      authorizationId: null,
      status: outcome === "pending" ? "PENDING" : "COMPLETED",
      amountCents: order.amountCents,
      currency: order.currency,
      finalCapture: true,
      createTime: now,
      updateTime: now,
      refundIds: [],
    };
    this.captures.set(capture.id, capture);
    order.captureIds.push(capture.id);
    this.onEvent({
      eventType: `PAYMENT.CAPTURE.${capture.status}`,
      kind: "capture",
      id: capture.id,
    });
    this.complete(order);
    return capture;
  }

  /** An order that may be authorized / captured now, with the intent the action needs. */
  private actionableOrder(orderId: string, action: Intent): FakeOrder {
    const order = this.order(orderId);
    if (order.expired) throw new FakePayPalError(422, "ORDER_EXPIRED");
    if (order.intent !== action) {
      const use = order.intent === "CAPTURE" ? "capture" : "authorize";
      throw new FakePayPalError(422, "ACTION_DOES_NOT_MATCH_INTENT", undefined, {
        description: `Order was created with an intent to '${order.intent}'. Please use v2/checkout/orders/order_id/${use} to complete the transaction or alternately Create an order with an intent of '${action}'.`,
      });
    }
    if (order.status === "VOIDED") throw new FakePayPalError(422, "ORDER_COMPLETED_OR_VOIDED");
    return order;
  }

  /**
   * The buyer must have approved. A declined instrument sends the order back to the buyer
   * (PAYER_ACTION_REQUIRED with a payer-action link) and answers INSTRUMENT_DECLINED with a
   * redirect link to that page ("Handle funding failures": restart the payment).
   */
  private requireApproval(order: FakeOrder, outcome: Outcome) {
    if (order.status !== "APPROVED") throw new FakePayPalError(422, "ORDER_NOT_APPROVED");
    if (outcome !== "declined") return;
    order.status = "PAYER_ACTION_REQUIRED";
    order.approveRel = "payer-action";
    order.updateTime = this.now();
    throw new FakePayPalError(422, "INSTRUMENT_DECLINED", undefined, {
      links: [{ href: this.approveHref(order), rel: "redirect", method: "GET" }],
    });
  }

  private complete(order: FakeOrder) {
    order.status = "COMPLETED";
    order.updateTime = this.now();
    this.onEvent({ eventType: "CHECKOUT.ORDER.COMPLETED", kind: "order", id: order.id });
  }
}
