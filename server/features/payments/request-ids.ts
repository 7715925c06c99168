// Provider request ids (PayPal-Request-Id), each derived from what it acts on and used for one
// intent only: a retried request, a second tab or a repeated job sends the same id, and the
// provider answers with the first result instead of moving money again. PayPal keeps them for
// 6 hours (orders) or 45 days (payments); past that, the ledger is checked before acting.
export const requestIds = {
  createOrder: (paymentOrderId: string) => `${paymentOrderId}-create`,
  authorizeOrder: (providerOrderId: string) => `${providerOrderId}-authorize`,
  captureOrder: (providerOrderId: string) => `${providerOrderId}-capture`,
  captureHold: (authorizationId: string) => `${authorizationId}-capture`,
  voidHold: (authorizationId: string) => `${authorizationId}-void`,
  /**
   * A refund's amount is part of its intent: a retry asking for the same sends the same id,
   * but one asking for less (PayPal took part back meanwhile) is a new request, never a reused
   * id with another body.
   */
  refund: (captureId: string, what: "deposit" | "remainder" | "overcapture", amountCents: number) =>
    `${captureId}-refund-${what}-${amountCents}`,
};
