import { useRef, useState } from "react";
import { isRetryable, toastApiError } from "./api-errors.ts";
import {
  newIdempotencyKey,
  openPaymentTab,
  type PaymentOrder,
  sendToApproval,
} from "./payment-tab.ts";

type Options<Body, Result extends { order: PaymentOrder }> = {
  /** The creating POST, sent with the attempt's Idempotency-Key. */
  request: (body: Body, idempotencyKey: string) => Promise<Result>;
  /** After the tab was sent to the provider (or told the link is missing). */
  onCreated: (result: Result, body: Body) => void;
  /** Before the failure's toast; e.g. a conflict reloads what was taken. */
  onFailed?: (error: unknown) => void;
  /** The failure toast's title, with the server's message (or `failedDescription`) under it. */
  failedTitle: string;
  failedDescription?: string;
  /** The "Proceed to PayPal" toast's words, when not the booking deposit's. */
  proceedDescription?: string;
};

/**
 * A creating POST whose answer carries a provider order the buyer approves in a new tab
 * (a booking, a hail). `submit` must be called inside the click: it opens the tab at once.
 * The same body sent again after a retryable failure reuses the attempt's Idempotency-Key, so
 * the server recognises the retry; a second click while one is in flight sends nothing.
 */
export function usePaymentSubmit<Body, Result extends { order: PaymentOrder }>(
  options: Options<Body, Result>,
) {
  const [processing, setProcessing] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  // A second click before the disabled button renders must not send a second request.
  const inFlight = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const send = async (body: Body, tab: ReturnType<typeof openPaymentTab>) => {
    const { request, onCreated, onFailed, failedTitle, failedDescription, proceedDescription } =
      latest.current;
    const bodyJson = JSON.stringify(body);
    if (attempt.current?.body !== bodyJson) {
      attempt.current = { key: newIdempotencyKey(), body: bodyJson };
    }
    setProcessing(true);
    try {
      const result = await request(body, attempt.current.key);
      attempt.current = null;
      sendToApproval(tab, result.order, proceedDescription);
      onCreated(result, body);
    } catch (error) {
      tab.close();
      if (!isRetryable(error)) attempt.current = null;
      onFailed?.(error);
      toastApiError(error, failedTitle, { description: failedDescription });
    } finally {
      inFlight.current = false;
      setProcessing(false);
    }
  };

  const submit = (body: Body) => {
    if (inFlight.current) return;
    inFlight.current = true;
    // Opened now, inside the click, or the browser blocks it as a pop-up.
    const tab = openPaymentTab();
    void send(body, tab);
  };

  return { submit, processing };
}
