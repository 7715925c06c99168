import { REQUEST_ID_RETENTION_MS } from "./model.ts";
import type { Api, FakeOperation } from "./routes.ts";

// PayPal-Request-Id as PayPal describes it: kept per API (Orders 6 hours, Payments 45 days,
// Payouts 30 days, on the fake's clock); a repeat on the same path within that time answers the
// object's latest state without acting again; after it the id is forgotten and the request acts
// again; a repeat while the first is still being worked on may get 409. Only requests that acted
// are remembered: a refused one (4xx) acts again when repeated. The same id used for a different
// operation is a case PayPal does not document: the fake acts and records it in `reuse`.

/** What a remembered request made: the object a repeat re-reads. */
export type MadeRef = {
  kind: "order" | "authorization" | "capture" | "refund" | "payout";
  id: string;
};

type Remembered = { at: number; ref: MadeRef };

/** A request id sent again for another method + path than its first use. */
export type RequestIdReuse = {
  requestId: string;
  first: { method: string; path: string; operation: FakeOperation | null };
  again: { method: string; path: string; operation: FakeOperation | null };
};

export class RequestIds {
  private readonly remembered = new Map<string, Remembered>();
  private readonly inFlight = new Set<string>();
  private readonly firstUse = new Map<string, RequestIdReuse["first"]>();
  /** Every reuse of a request id for another operation or path, in order. */
  readonly reuse: RequestIdReuse[] = [];

  constructor(private readonly now: () => Date) {}

  private key(api: Api, path: string, requestId: string) {
    return `${api}\n${path}\n${requestId}`;
  }

  /** Notes that `requestId` was sent; records a reuse when it first came for something else. */
  noteUse(requestId: string, use: RequestIdReuse["first"]) {
    const first = this.firstUse.get(requestId);
    if (!first) this.firstUse.set(requestId, use);
    else if (first.method !== use.method || first.path !== use.path) {
      this.reuse.push({ requestId, first, again: use });
    }
  }

  /** The earlier request's result within the retention, "in-flight", or null (act). */
  lookup(api: Api, path: string, requestId: string): MadeRef | "in-flight" | null {
    const key = this.key(api, path, requestId);
    if (this.inFlight.has(key)) return "in-flight";
    const earlier = this.remembered.get(key);
    if (!earlier) return null;
    if (
      this.now().getTime() - earlier.at >
      REQUEST_ID_RETENTION_MS[api as keyof typeof REQUEST_ID_RETENTION_MS]
    ) {
      this.remembered.delete(key); // forgotten: the repeat acts again
      return null;
    }
    return earlier.ref;
  }

  begin(api: Api, path: string, requestId: string) {
    this.inFlight.add(this.key(api, path, requestId));
  }

  end(api: Api, path: string, requestId: string) {
    this.inFlight.delete(this.key(api, path, requestId));
  }

  remember(api: Api, path: string, requestId: string, ref: MadeRef) {
    this.remembered.set(this.key(api, path, requestId), { at: this.now().getTime(), ref });
  }
}
