import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

// OAuth 2 client credentials as PayPal answers them (POST /v1/oauth2/token): HTTP Basic with the
// client id and secret, grant_type=client_credentials, expires_in in seconds.

export type TokenAnswer = { status: number; body: unknown };

export class Tokens {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly credentials: { clientId: string; clientSecret: string },
    private readonly now: () => Date,
    /** Seconds, as PayPal's expires_in. */
    public expiresIn: number,
  ) {}

  issue(req: IncomingMessage, body: string): TokenAnswer {
    const { clientId, clientSecret } = this.credentials;
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      const answer = { error: "invalid_client", error_description: "Client Authentication failed" };
      return { status: 401, body: answer };
    }
    if (new URLSearchParams(body).get("grant_type") !== "client_credentials") {
      return { status: 400, body: { error: "unsupported_grant_type" } };
    }
    const token = `A21AA${randomBytes(24).toString("hex")}`;
    this.expiries.set(token, this.now().getTime() + this.expiresIn * 1000);
    return {
      status: 200,
      body: {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-FAKE",
        expires_in: this.expiresIn,
        nonce: randomBytes(8).toString("hex"),
      },
    };
  }

  valid(bearer: string): boolean {
    return (this.expiries.get(bearer) ?? 0) > this.now().getTime();
  }
}
