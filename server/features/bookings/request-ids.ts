// Provider request ids (PayPal-Request-Id) derived from the booking: a retried request, a
// second browser tab or a repeated job sends the same id, and the provider answers with the
// first result instead of moving money again.
export const requestIds = {
  order: (bookingId: string) => `${bookingId}-order`,
  authorize: (orderId: string) => `${orderId}-authorize`,
  deposit: (bookingId: string) => `${bookingId}-deposit`,
  remainder: (authorizationId: string) => `${authorizationId}-remainder`,
  void: (authorizationId: string) => `${authorizationId}-void`,
  refund: (captureId: string) => `${captureId}-refund`,
  reauthorize: (authorizationId: string) => `${authorizationId}-reauthorize`,
  renewal: (bookingId: string, authorizationId: string) => `${bookingId}-renew-${authorizationId}`,
};
