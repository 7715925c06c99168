import type { FakeOperation } from "./routes.ts";

// How tests steer the fake's next calls: failNext (an outcome for the next calls of an
// operation) and holdNext (keep the next call in flight until released).

/**
 * declined: an order's authorize/capture → 422 INSTRUMENT_DECLINED (the order goes back to the
 *   buyer); an authorization's capture → 201 with a DECLINED capture.
 * instrument_declined: the same, for an order's authorize/capture only.
 * pending: the next authorization or capture is created PENDING (settle it with fake.settle).
 * expired: the object's time runs out just before the call (an order expires, an authorization
 *   lapses to VOIDED), so PayPal answers ORDER_EXPIRED / AUTHORIZATION_EXPIRED / …
 * server_error: 500 without acting. server_error_after_acting: acts (and remembers the request
 *   id), then answers 500 (PayPal acted but the answer was lost).
 * unauthorized: 401 as if the token had been revoked.
 */
export type FailureKind =
  | "declined"
  | "instrument_declined"
  | "pending"
  | "expired"
  | "server_error"
  | "server_error_after_acting"
  | "unauthorized";

/** The operations a kind applies to (the others apply to any). */
const APPLIES_TO: Partial<Record<FailureKind, FakeOperation[]>> = {
  declined: ["authorize", "captureOrder", "capture"],
  instrument_declined: ["authorize", "captureOrder"],
  pending: ["authorize", "captureOrder", "capture"],
  expired: ["authorize", "captureOrder", "capture", "reauthorize", "void"],
};

/** A function that releases a held call; `arrived` resolves once the call is held. */
export type Release = (() => void) & { arrived: Promise<void> };

export class Steering {
  private readonly failures: { operation: FakeOperation; kind: FailureKind; times: number }[] = [];
  private readonly holds: {
    operation: FakeOperation;
    arrived: () => void;
    released: Promise<void>;
  }[] = [];
  private readonly releases: (() => void)[] = [];

  failNext(operation: FakeOperation, kind: FailureKind, times = 1) {
    const only = APPLIES_TO[kind];
    if (only && !only.includes(operation)) {
      throw new Error(`failNext: ${kind} does not apply to ${operation}`);
    }
    this.failures.push({ operation, kind, times });
  }

  holdNext(operation: FakeOperation): Release {
    let arrived = () => {};
    let release = () => {};
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.holds.push({ operation, arrived, released });
    this.releases.push(release);
    return Object.assign(() => release(), { arrived: arrival });
  }

  takeFailure(operation: FakeOperation): FailureKind | null {
    const failure = this.failures.find((f) => f.operation === operation);
    if (!failure) return null;
    if (--failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
    return failure.kind;
  }

  /** The hold waiting for this operation's call, if any (it then counts as arrived). */
  takeHold(operation: FakeOperation): Promise<void> | null {
    const index = this.holds.findIndex((h) => h.operation === operation);
    if (index < 0) return null;
    const [hold] = this.holds.splice(index, 1);
    hold?.arrived();
    return hold?.released ?? null;
  }

  /** Forgets every failure not yet used (a test scoping its faults to one step). */
  clearFailures() {
    this.failures.splice(0);
  }

  /** Lets every held call go and forgets holds not yet used (on close). */
  releaseAll() {
    this.holds.splice(0);
    for (const release of this.releases.splice(0)) release();
  }
}
