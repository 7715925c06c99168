// One interface over the payment providers (docs/decisions/017, 021): PayPal Orders v2 when
// configured (paypal/), else the built-in sandbox (sandbox/). Amounts are integer cents;
// every mutating call carries a requestId that the provider uses to answer a repeat with the
// first result instead of acting twice (PayPal-Request-Id).

export type ProviderName = "sandbox" | "paypal";

export type OrderStatus = "CREATED" | "APPROVED" | "COMPLETED" | "VOIDED" | "PAYER_ACTION_REQUIRED";
/** PayPal has no EXPIRED authorization: a lapsed hold reads VOIDED. */
export type AuthorizationStatus =
  | "CREATED"
  | "CAPTURED"
  | "PARTIALLY_CAPTURED"
  | "VOIDED"
  | "DENIED"
  | "PENDING";
export type CaptureStatus =
  | "COMPLETED"
  | "DECLINED"
  | "PENDING"
  | "REFUNDED"
  | "PARTIALLY_REFUNDED"
  | "FAILED";

export type Authorization = {
  id: string;
  status: AuthorizationStatus;
  amountCents: number;
  /** Until when the provider honours a capture (3 days). */
  honoredUntil: Date;
  /** After this the authorization is gone (29 days from the first authorization). */
  expiresAt: Date;
};

export type Capture = { id: string; status: CaptureStatus; amountCents: number };

export type OrderIntent = "CAPTURE" | "AUTHORIZE";
export type Refund = {
  id: string;
  status: "COMPLETED" | "PENDING" | "FAILED";
  amountCents: number;
};

export type Order = {
  id: string;
  status: OrderStatus;
  amountCents: number;
  currency: string;
  intent: OrderIntent;
  /** Our reference (what the order pays for) as sent at creation. */
  referenceId: string | null;
  /** Our payment order's id as sent at creation (custom_id). */
  customId: string | null;
  /** The buyer's approval page, while the order awaits approval. */
  approveUrl: string | null;
  /** Authorizations made on this order, newest last. */
  authorizations: Authorization[];
  captures: Capture[];
};

export type CreateOrderInput = {
  requestId: string;
  intent: OrderIntent;
  referenceId: string;
  customId: string;
  amountCents: number;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
};

/** A provider answer we can act on, by meaning rather than by provider wording. */
export type PaymentErrorReason =
  /** The buyer's instrument refused the money (PayPal: declined capture, INSTRUMENT_DECLINED). */
  | "declined"
  /** The order was not approved by the buyer (yet). */
  | "not_approved"
  /** The order is past the provider's approval window (PayPal: 3 hours) and cannot be used. */
  | "order_expired"
  /** The authorization lapsed or was voided; a new approval is needed. */
  | "authorization_expired"
  /** Already captured in full / already voided: the operation cannot happen again. */
  | "already_done"
  /** The order, authorization or capture does not exist. */
  | "not_found"
  /** The request was refused as invalid (amount too high, reauthorized twice, …). */
  | "rejected"
  /** The provider could not be reached or failed (5xx, timeout): retry later. */
  | "unavailable";

export class PaymentError extends Error {
  constructor(
    readonly reason: PaymentErrorReason,
    message: string,
    /** The provider's own issue name, for logs (e.g. "AUTHORIZATION_EXPIRED"). */
    readonly providerIssue?: string,
    /** The resource an error points at (PayPal's details[].link[].href), e.g. an existing batch. */
    readonly link?: string,
    /** Where to send the buyer to choose another funding source (PayPal's payer-action link). */
    readonly payerActionUrl?: string,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}

export type WebhookEvent = {
  id: string;
  type: string;
  /** The id of the resource the event is about (order, authorization, capture, payout item). */
  resourceId: string | null;
  /** The order the resource belongs to, when the event says (supplementary_data.related_ids). */
  orderId: string | null;
  /** A refund or reversal's capture (its "up" link, or related_ids.capture_id). */
  captureId: string | null;
  /** The resource's amount in cents, when it has one (a refund's, a capture's). */
  amountCents: number | null;
};

/**
 * A payout item's status, as PayPal Payouts names them (transaction_enum). DENIED is not one:
 * it is a batch status (batchStatus).
 */
export type PayoutItemStatus =
  | "SUCCESS"
  | "PENDING"
  | "UNCLAIMED"
  | "ONHOLD"
  | "FAILED"
  | "RETURNED"
  | "BLOCKED"
  | "REFUNDED"
  | "REVERSED";

export type PayoutBatch = {
  batchId: string;
  /** PENDING, PROCESSING, SUCCESS, DENIED or CANCELED. */
  batchStatus: string;
  items: {
    itemId: string;
    senderItemId: string | null;
    status: PayoutItemStatus;
    amountCents: number;
    /** The provider's reason for a failed item (errors.name). */
    error: string | null;
  }[];
};

export type CreatePayoutInput = {
  /** Ours and unique per attempt: the provider refuses a repeat, so a retry cannot pay twice. */
  senderBatchId: string;
  senderItemId: string;
  receiverEmail: string;
  amountCents: number;
  currency: string;
  note: string;
};

export type PaymentProvider = {
  name: ProviderName;
  createOrder(input: CreateOrderInput): Promise<Order>;
  getOrder(orderId: string): Promise<Order>;
  /** After the buyer approved an AUTHORIZE order: authorizes the whole order amount. */
  authorizeOrder(orderId: string, requestId: string): Promise<Authorization>;
  /** After the buyer approved a CAPTURE order: captures the whole order amount. */
  captureOrder(orderId: string, requestId: string): Promise<Capture>;
  getAuthorization(authorizationId: string): Promise<Authorization>;
  getCapture(captureId: string): Promise<Capture>;
  captureAuthorization(
    authorizationId: string,
    input: { amountCents: number; currency: string; finalCapture: boolean; requestId: string },
  ): Promise<Capture>;
  voidAuthorization(authorizationId: string, requestId: string): Promise<void>;
  /** `amountCents` null refunds the whole capture. */
  refundCapture(
    captureId: string,
    input: { amountCents: number | null; currency: string; requestId: string },
  ): Promise<Refund>;
  /**
   * Checks a webhook delivery over its raw bytes; null when the signature does not verify
   * (or webhooks are not configured). Never throws for a bad signature.
   */
  verifyWebhook(headers: Headers, rawBody: Uint8Array): Promise<WebhookEvent | null>;
  /**
   * Sends one payout (PayPal Payouts: a batch of one item). Sending a senderBatchId again
   * answers the batch it already made. Items may be absent until the batch is read again.
   */
  createPayout(input: CreatePayoutInput): Promise<PayoutBatch>;
  getPayoutBatch(batchId: string): Promise<PayoutBatch>;
};
