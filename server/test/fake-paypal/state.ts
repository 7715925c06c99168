import { randomInt } from "node:crypto";

// The fake PayPal's memory: orders, authorizations, captures and refunds with the rules our
// booking flow leans on (see /work/shared/notes/payments-facts.md). Amounts are integer cents
// inside; the HTTP layer (server.ts) turns them into PayPal's decimal strings.

const DAY_MS = 86_400_000;
export const HONOR_DAYS = 3;
export const VALID_DAYS = 29;

/** A PayPal error answer: HTTP status, error name and the details[].issue. */
export class FakePayPalError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
    readonly errorName = status === 404 ? "RESOURCE_NOT_FOUND" : "UNPROCESSABLE_ENTITY",
  ) {
    super(issue);
  }
}

export type FakeOrder = {
  id: string;
  status: "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  referenceId: string;
  description: string | null;
  amountCents: number;
  currency: string;
  /** "payer-action" when created with payment_source.paypal.experience_context, else "approve". */
  approveRel: "payer-action" | "approve";
  returnUrl: string | null;
  cancelUrl: string | null;
  createTime: Date;
  authorizationIds: string[];
};

export type FakeAuthorization = {
  id: string;
  orderId: string;
  status: "CREATED" | "PARTIALLY_CAPTURED" | "CAPTURED" | "VOIDED" | "EXPIRED";
  amountCents: number;
  currency: string;
  createTime: Date;
  /** 29 days from the first authorization; a reauthorization keeps its parent's. */
  expirationTime: Date;
  /** The first authorization of the chain (itself when not a reauthorization). */
  rootId: string;
  captureIds: string[];
};

export type FakeCapture = {
  id: string;
  authorizationId: string;
  status: "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amountCents: number;
  currency: string;
  finalCapture: boolean;
  createTime: Date;
  refundIds: string[];
};

export type FakeRefund = {
  id: string;
  captureId: string;
  status: "COMPLETED";
  amountCents: number;
  currency: string;
  createTime: Date;
};

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** PayPal-looking ids: 17 upper-case letters and digits. */
export function paypalId(): string {
  return Array.from({ length: 17 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join("");
}

export class FakePayPalState {
  readonly orders = new Map<string, FakeOrder>();
  readonly authorizations = new Map<string, FakeAuthorization>();
  readonly captures = new Map<string, FakeCapture>();
  readonly refunds = new Map<string, FakeRefund>();
  /** Root authorization ids that were reauthorized (PayPal allows it once). */
  private readonly reauthorized = new Set<string>();

  constructor(readonly now: () => Date) {}

  createOrder(input: Omit<FakeOrder, "id" | "status" | "createTime" | "authorizationIds">) {
    const order: FakeOrder = {
      ...input,
      id: paypalId(),
      status: input.approveRel === "payer-action" ? "PAYER_ACTION_REQUIRED" : "CREATED",
      createTime: this.now(),
      authorizationIds: [],
    };
    this.orders.set(order.id, order);
    return order;
  }

  order(id: string): FakeOrder {
    const order = this.orders.get(id);
    if (!order) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    return order;
  }

  authorization(id: string): FakeAuthorization {
    const authorization = this.authorizations.get(id);
    if (!authorization) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    this.expireIfDue(authorization);
    return authorization;
  }

  capture(id: string): FakeCapture {
    const capture = this.captures.get(id);
    if (!capture) throw new FakePayPalError(404, "INVALID_RESOURCE_ID");
    return capture;
  }

  /** What the buyer does on PayPal's page. */
  approve(orderId: string) {
    const order = this.order(orderId);
    if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") {
      throw new Error(`order ${orderId} is ${order.status}, cannot approve`);
    }
    order.status = "APPROVED";
  }

  authorizeOrder(orderId: string, declined: boolean): FakeAuthorization {
    const order = this.order(orderId);
    if (order.status === "COMPLETED") throw new FakePayPalError(422, "ORDER_ALREADY_AUTHORIZED");
    if (order.status !== "APPROVED") throw new FakePayPalError(422, "ORDER_NOT_APPROVED");
    if (declined) throw new FakePayPalError(422, "INSTRUMENT_DECLINED");
    const createTime = this.now();
    const authorization = this.addAuthorization({
      orderId,
      amountCents: order.amountCents,
      currency: order.currency,
      createTime,
      expirationTime: new Date(createTime.getTime() + VALID_DAYS * DAY_MS),
    });
    order.status = "COMPLETED";
    return authorization;
  }

  captureAuthorization(
    authorizationId: string,
    input: { amountCents: number | null; finalCapture: boolean },
    declined: boolean,
  ): FakeCapture {
    const authorization = this.usable(authorizationId);
    const captured = this.capturedCents(authorization);
    const amountCents = input.amountCents ?? authorization.amountCents - captured;
    if (amountCents <= 0) throw new FakePayPalError(422, "CANNOT_BE_ZERO_OR_NEGATIVE");
    if (captured + amountCents > authorization.amountCents) {
      throw new FakePayPalError(422, "MAX_CAPTURE_AMOUNT_EXCEEDED");
    }
    const finalCapture = input.amountCents === null || input.finalCapture;
    const capture: FakeCapture = {
      id: paypalId(),
      authorizationId,
      status: declined ? "DECLINED" : "COMPLETED",
      amountCents,
      currency: authorization.currency,
      finalCapture,
      createTime: this.now(),
      refundIds: [],
    };
    this.captures.set(capture.id, capture);
    authorization.captureIds.push(capture.id);
    // A declined capture leaves the hold as it was (PayPal's order still reads COMPLETED).
    if (!declined) authorization.status = finalCapture ? "CAPTURED" : "PARTIALLY_CAPTURED";
    return capture;
  }

  voidAuthorization(authorizationId: string) {
    const authorization = this.authorization(authorizationId);
    if (authorization.status === "CAPTURED") throw new FakePayPalError(422, "PREVIOUSLY_CAPTURED");
    if (authorization.status === "VOIDED") throw new FakePayPalError(422, "PREVIOUSLY_VOIDED");
    if (authorization.status === "EXPIRED") {
      throw new FakePayPalError(422, "AUTHORIZATION_EXPIRED");
    }
    authorization.status = "VOIDED";
    return authorization;
  }

  /**
   * Once per chain, after the honour period, before expiry; what was already captured plus the
   * new amount within 115 % and +$75 of the original. A partially captured authorization may be
   * reauthorized (PayPal's authorization guide counts "the previously captured amount" into the
   * limit; its REAUTHORIZATION_NOT_SUPPORTED is for reauthorizing a reauthorization).
   */
  reauthorize(authorizationId: string, amountCents: number): FakeAuthorization {
    const original = this.usable(authorizationId);
    if (this.reauthorized.has(original.rootId)) {
      throw new FakePayPalError(422, "REAUTHORIZATION_NOT_SUPPORTED");
    }
    const honouredUntil = original.createTime.getTime() + HONOR_DAYS * DAY_MS;
    if (this.now().getTime() < honouredUntil) {
      throw new FakePayPalError(422, "REAUTHORIZATION_NOT_SUPPORTED");
    }
    const root = this.authorizations.get(original.rootId) ?? original;
    const ceiling = Math.min(Math.floor((root.amountCents * 115) / 100), root.amountCents + 7500);
    if (amountCents <= 0) throw new FakePayPalError(422, "CANNOT_BE_ZERO_OR_NEGATIVE");
    if (this.capturedCents(original) + amountCents > ceiling) {
      throw new FakePayPalError(422, "AUTHORIZATION_AMOUNT_EXCEEDED");
    }
    this.reauthorized.add(original.rootId);
    return this.addAuthorization({
      orderId: original.orderId,
      amountCents,
      currency: original.currency,
      createTime: this.now(),
      expirationTime: original.expirationTime,
      rootId: original.rootId,
    });
  }

  refundCapture(captureId: string, amountCents: number | null): FakeRefund {
    const capture = this.capture(captureId);
    if (capture.status === "REFUNDED") throw new FakePayPalError(422, "CAPTURE_FULLY_REFUNDED");
    if (capture.status === "DECLINED") throw new FakePayPalError(422, "REFUND_NOT_ALLOWED");
    const left = capture.amountCents - this.refundedCents(capture);
    const amount = amountCents ?? left;
    if (amount <= 0) throw new FakePayPalError(422, "CANNOT_BE_ZERO_OR_NEGATIVE");
    if (amount > left) throw new FakePayPalError(422, "REFUND_AMOUNT_EXCEEDED");
    const refund: FakeRefund = {
      id: paypalId(),
      captureId,
      status: "COMPLETED",
      amountCents: amount,
      currency: capture.currency,
      createTime: this.now(),
    };
    this.refunds.set(refund.id, refund);
    capture.refundIds.push(refund.id);
    capture.status = amount === left ? "REFUNDED" : "PARTIALLY_REFUNDED";
    return refund;
  }

  refundedCents(capture: FakeCapture): number {
    return capture.refundIds.reduce((sum, id) => sum + (this.refunds.get(id)?.amountCents ?? 0), 0);
  }

  private capturedCents(authorization: FakeAuthorization): number {
    return authorization.captureIds
      .map((id) => this.captures.get(id))
      .filter((c) => c?.status !== "DECLINED")
      .reduce((sum, c) => sum + (c?.amountCents ?? 0), 0);
  }

  /** An authorization that can still be captured or reauthorized. */
  private usable(authorizationId: string): FakeAuthorization {
    const authorization = this.authorization(authorizationId);
    if (authorization.status === "CAPTURED") {
      throw new FakePayPalError(422, "AUTHORIZATION_ALREADY_CAPTURED");
    }
    if (authorization.status === "VOIDED") throw new FakePayPalError(422, "AUTHORIZATION_VOIDED");
    if (authorization.status === "EXPIRED") {
      throw new FakePayPalError(422, "AUTHORIZATION_EXPIRED");
    }
    return authorization;
  }

  private expireIfDue(authorization: FakeAuthorization) {
    const open =
      authorization.status === "CREATED" || authorization.status === "PARTIALLY_CAPTURED";
    if (open && this.now().getTime() > authorization.expirationTime.getTime()) {
      authorization.status = "EXPIRED";
    }
  }

  private addAuthorization(
    input: Omit<FakeAuthorization, "id" | "status" | "captureIds" | "rootId"> & { rootId?: string },
  ): FakeAuthorization {
    const id = paypalId();
    const authorization: FakeAuthorization = {
      ...input,
      id,
      rootId: input.rootId ?? id,
      status: "CREATED",
      captureIds: [],
    };
    this.authorizations.set(id, authorization);
    this.order(input.orderId).authorizationIds.push(id);
    return authorization;
  }
}
