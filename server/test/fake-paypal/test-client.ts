import { randomUUID } from "node:crypto";
import type { FakePayPal } from "./server.ts";

// A bare HTTP client for the fake's own unit tests: PayPal's wire format with no adapter in
// between (a token, then JSON with the headers the test chooses).

// biome-ignore lint/suspicious/noExplicitAny: the tests read PayPal's JSON freely
export type Reply = { status: number; body: any; headers: Headers };

export function paypalClient(fake: FakePayPal) {
  let token: string | null = null;

  async function bearer() {
    if (token) return token;
    const basic = Buffer.from(`${fake.config.clientId}:${fake.config.clientSecret}`).toString(
      "base64",
    );
    const res = await fetch(`${fake.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    token = ((await res.json()) as { access_token: string }).access_token;
    return token;
  }

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${fake.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await bearer()}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : null,
      headers: res.headers,
    } as Reply;
  }

  type PostOptions = {
    requestId?: string | null;
    full?: boolean;
    headers?: Record<string, string>;
  };
  return {
    get: (path: string) => call("GET", path),
    /** POST with a fresh PayPal-Request-Id (or the one given) and Prefer: return=representation. */
    post(path: string, body?: unknown, options: PostOptions = {}) {
      const requestId = options.requestId === undefined ? randomUUID() : options.requestId;
      return call("POST", path, body, {
        ...(requestId === null ? {} : { "PayPal-Request-Id": requestId }),
        ...(options.full === false ? {} : { Prefer: "return=representation" }),
        ...options.headers,
      });
    },
    /** Forget the token (the next call fetches one, e.g. after the clock jumped). */
    dropToken() {
      token = null;
    },
  };
}

export type PayPalClient = ReturnType<typeof paypalClient>;

export const usd = (value: string) => ({ currency_code: "USD", value });

export function orderBody(intent: "AUTHORIZE" | "CAPTURE" = "AUTHORIZE", value = "150.00") {
  return {
    intent,
    purchase_units: [
      { reference_id: "booking-1", description: "Portrait session", amount: usd(value) },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: "https://shutterhail.test/paid",
          cancel_url: "https://shutterhail.test/cancel",
          shipping_preference: "NO_SHIPPING",
        },
      },
    },
  };
}

/** Creates an order and has the buyer approve it on the fake's page. */
export async function approvedOrder(
  client: PayPalClient,
  intent: "AUTHORIZE" | "CAPTURE" = "AUTHORIZE",
  value = "150.00",
) {
  const created = await client.post("/v2/checkout/orders", orderBody(intent, value));
  const page = created.body.links.find((l: { rel: string }) => l.rel === "payer-action").href;
  const res = await fetch(page, { redirect: "manual" });
  if (res.status !== 302) throw new Error(`buyer page answered ${res.status}`);
  return created.body.id as string;
}

/** An approved AUTHORIZE order, authorized: the authorization's id. */
export async function authorization(client: PayPalClient, value = "150.00") {
  const orderId = await approvedOrder(client, "AUTHORIZE", value);
  const res = await client.post(`/v2/checkout/orders/${orderId}/authorize`, {});
  if (res.status !== 201)
    throw new Error(`authorize answered ${res.status} ${JSON.stringify(res.body)}`);
  return { orderId, id: res.body.purchase_units[0].payments.authorizations[0].id as string };
}

export const issue = (reply: Reply) => reply.body?.details?.[0]?.issue as string | undefined;
