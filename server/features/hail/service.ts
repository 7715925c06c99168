import type { Kysely } from "kysely";
import type { z } from "zod";
import { priceBooking } from "../../../contracts/booking-pricing.ts";
import { HAIL } from "../../../contracts/constants.ts";
import {
  HAIL_ADDRESS_NOT_FOUND_MESSAGE,
  HAIL_ALREADY_OPEN_MESSAGE,
  HAIL_NO_LOCATION_MESSAGE,
  HAIL_NOBODY_ONLINE_MESSAGE,
  HAIL_NOT_FOUND,
  type HailQuote,
  type HailStatus,
  type ZCreateHailRequest,
  type ZHailQuoteQuery,
} from "../../../contracts/hail.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { geocodePlace, lookupZip, METERS_PER_MILE } from "../../platform/geo.ts";
import {
  claimIdempotencyKey,
  requestHash,
  storeIdempotentResponse,
} from "../../platform/idempotency.ts";
import {
  browserOrder,
  completeOrder,
  liveOrder,
  openOrder,
  paymentProvider,
  prepareOrder,
  releaseOrder,
} from "../payments/service.ts";
import { hailEvent, hailView, offerEvents, publishOffers } from "./events.ts";
import { HAIL_JOBS } from "./job-names.ts";
import { stepHail } from "./lifecycle.ts";
import * as q from "./queries.ts";
import { arrivalMinutes } from "./view.ts";

type CreateInput = z.output<typeof ZCreateHailRequest>;
type QuoteInput = z.output<typeof ZHailQuoteQuery>;

const CREATE_SCOPE = "hail.create";
const HOUR_MS = 60 * 60 * 1000;
const OPEN: readonly HailStatus[] = ["awaiting_payment", "live"];
/** Unique violation: the one-open-hail-per-client index. */
const isUnique = (error: unknown) => (error as { code?: string }).code === "23505";

/**
 * The time a session could take: from its start (now, for as soon as possible) for its hours;
 * as soon as possible adds the longest arrival within the radius.
 */
function sessionWindow(now: Date, startInMinutes: number, hours: number, radiusMiles: number) {
  const from = new Date(now.getTime() + startInMinutes * 60_000);
  const travel = startInMinutes === 0 ? arrivalMinutes(radiusMiles * METERS_PER_MILE) : 0;
  return { from, to: new Date(from.getTime() + hours * HOUR_MS + travel * 60_000) };
}

type Match = Awaited<ReturnType<typeof q.matchCreators>>;

const noteHailOrder = (deps: AppDeps, db: Kysely<DB>, id: string, orderId: string | null) =>
  q.patchHail(db, id, ["awaiting_payment"], { paypal_order_id: orderId }, deps.now());

/** A hail's order holds the most any creator reached would cost. */
const hailOrderRow = (hail: q.HailRow) => ({
  purpose: "hail" as const,
  subjectId: hail.id,
  bookingId: null,
  amountCents: hail.max_total_cents,
  currency: hail.currency,
});

function match(
  deps: AppDeps,
  db: Kysely<DB>,
  clientUserId: string,
  input: {
    service: QuoteInput["service"];
    hours: number;
    lat: number;
    lng: number;
    radiusMiles: number;
  },
  startInMinutes: number,
) {
  const now = deps.now();
  return q.matchCreators(db, {
    service: input.service,
    point: { lat: input.lat, lng: input.lng },
    radiusMiles: input.radiusMiles,
    window: sessionWindow(now, startInMinutes, input.hours, input.radiusMiles),
    clientUserId,
    now,
  });
}

function totals(matches: Match, hours: number) {
  const prices = matches.map((m) => priceBooking(m.hourly_rate_cents, hours));
  const byTotal = [...prices].sort((a, b) => a.totalCents - b.totalCents);
  return { min: byTotal[0] ?? null, max: byTotal.at(-1) ?? null };
}

/**
 * Who could be reached and the price range, before anything is held, from the browser's
 * position or a typed place (a ZIP or "City, ST", found offline). It tells no more about where
 * creators are than the map does: matching goes by the presence grid's cells (matchCreators).
 */
export async function quoteHail(
  deps: AppDeps,
  clientUserId: string,
  input: QuoteInput,
): Promise<HailQuote> {
  const { lat, lng } = input;
  const here = lat !== undefined && lng !== undefined ? { lat, lng } : null;
  const place = here || !input.place ? null : geocodePlace(input.place);
  const point = here ?? place;
  if (!point) throw new AppError("validation_failed", HAIL_ADDRESS_NOT_FOUND_MESSAGE);
  const matches = await match(
    deps,
    deps.database.db,
    clientUserId,
    { ...input, lat: point.lat, lng: point.lng },
    input.startInMinutes,
  );
  const { min, max } = totals(matches, input.hours);
  return {
    creatorsAvailable: matches.length,
    minTotalCents: min?.totalCents ?? null,
    maxTotalCents: max?.totalCents ?? null,
    minDepositCents: min?.depositCents ?? null,
    maxDepositCents: max?.depositCents ?? null,
    currency: matches[0]?.currency ?? "USD",
    radiusMiles: input.radiusMiles,
    place,
  };
}

/** The hail's point: the browser's location, else the centre of the ZIP in the address. */
function locate(input: CreateInput) {
  if (input.lat !== undefined && input.lng !== undefined) return { lat: input.lat, lng: input.lng };
  for (const zip of input.location.match(/\b\d{5}\b/g) ?? []) {
    const place = lookupZip(zip);
    if (place) return { lat: place.lat, lng: place.lng };
  }
  throw new AppError("validation_failed", HAIL_NO_LOCATION_MESSAGE);
}

/**
 * Sends a hail: places it, checks someone could take it, records it awaiting payment (one open
 * hail per client, by the unique index), and creates the provider order for the most any
 * matching creator would cost. A repeat with the same idempotency key answers the same hail.
 */
export async function createHail(
  deps: AppDeps,
  clientUserId: string,
  input: CreateInput,
  idempotencyKey: string | undefined,
) {
  const point = locate(input);
  const hash = requestHash({ clientUserId, ...input });
  const scope = `${CREATE_SCOPE}:${clientUserId}`;
  const db = deps.database.db;
  const now = deps.now();

  const hailId = await db.transaction().execute(async (trx) => {
    if (idempotencyKey) {
      const earlier = await claimIdempotencyKey(trx, scope, idempotencyKey, hash);
      if (earlier) return (earlier.body as { hailId: string }).hailId;
    }
    const sent = await q.countHailsSince(trx, clientUserId, new Date(now.getTime() - HOUR_MS));
    if (sent >= HAIL.perHourPerClient) {
      throw new AppError(
        "rate_limited",
        `You can send ${HAIL.perHourPerClient} hails an hour. Please wait a little and try again.`,
      );
    }
    const matches = await match(
      deps,
      trx,
      clientUserId,
      { ...input, ...point },
      input.startInMinutes,
    );
    const { min, max } = totals(matches, input.hours);
    if (!min || !max) throw new AppError("conflict", HAIL_NOBODY_ONLINE_MESSAGE);
    const payBy = new Date(now.getTime() + HAIL.paymentWindowMinutes * 60_000);
    const row = await q
      .insertHail(trx, {
        client_user_id: clientUserId,
        service: input.service,
        hours: input.hours,
        location: input.location,
        lat: point.lat,
        lng: point.lng,
        start_at:
          input.startInMinutes === 0
            ? null
            : new Date(now.getTime() + input.startInMinutes * 60_000),
        radius_miles: input.radiusMiles,
        notes: input.notes ?? null,
        min_total_cents: min.totalCents,
        max_total_cents: max.totalCents,
        currency: matches[0]!.currency,
        payment_provider: paymentProvider(deps).name,
        pay_by: payBy,
        created_at: now,
      })
      .catch((error: unknown) => {
        if (isUnique(error)) throw new AppError("conflict", HAIL_ALREADY_OPEN_MESSAGE);
        throw error;
      });
    await deps.jobs.send(
      HAIL_JOBS.expire,
      { hailId: row.id },
      { executor: trx, startAfter: payBy },
    );
    // The order row commits with the hail: a repeat finds it and resumes.
    await prepareOrder(deps, trx, hailOrderRow(row));
    if (idempotencyKey) {
      await storeIdempotentResponse(trx, scope, idempotencyKey, hash, {
        status: 201,
        body: { hailId: row.id },
      });
    }
    return row.id;
  });

  const hail = await q.findHail(db, hailId);
  if (!hail) throw new AppError("not_found", HAIL_NOT_FOUND);
  if (hail.status !== "awaiting_payment") {
    const order = await liveOrder(db, "hail", hail.id);
    return {
      hail: await hailView(db, hail),
      order: { id: order?.provider_order_id ?? "", links: [] },
    };
  }
  let order: Awaited<ReturnType<typeof openOrder>>;
  try {
    order = await openOrder(deps, {
      ...hailOrderRow(hail),
      description: `Hail: ${hail.service}, ${hail.hours} h (the most any creator reached would cost)`,
      noteCreated: q.noteHailOrderCreated(hail.id, deps.now()),
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "unavailable") throw error;
    await endHail(deps, hail.id, ["awaiting_payment"], "fail");
    throw new AppError(
      "unavailable",
      "The payment provider is not answering, so the hail was not sent. Please try again.",
    );
  }
  let patched = order.noted ? await q.findHail(db, hail.id) : undefined;
  // A live order another request created (it noted its id on the hail itself).
  if (!patched && order.provider_order_id && order.provider_order_id !== hail.paypal_order_id) {
    patched = await noteHailOrder(deps, db, hail.id, order.provider_order_id);
  }
  return { hail: await hailView(db, patched ?? hail), order: browserOrder(order) };
}

/**
 * Ends a hail that nobody took (expired, cancelled or failed) in `trx`: its open offers follow
 * (each creator told) and the client is told. Answers the hail when it moved.
 */
export async function endHailIn(
  deps: AppDeps,
  trx: Kysely<DB>,
  hailId: string,
  onlyFrom: readonly HailStatus[],
  step: "expire" | "cancel" | "fail",
) {
  const hail = await stepHail(deps, trx, hailId, step, { onlyFrom });
  if (!hail) return null;
  const offerStatus = step === "cancel" ? "withdrawn" : "expired";
  const changed = await q.updateOffers(trx, hailId, ["offered"], offerStatus, deps.now());
  await publishOffers(
    deps,
    hailId,
    changed.map((o) => o.profile_id),
    trx,
  );
  return hail;
}

/**
 * Ends a hail that nobody took, then releases its payment (a hold voided, an order not yet
 * approved dropped). Answers false when the hail had already moved on.
 */
export async function endHail(
  deps: AppDeps,
  hailId: string,
  from: readonly HailStatus[],
  step: "expire" | "cancel" | "fail",
): Promise<boolean> {
  const ended = await deps.database.db
    .transaction()
    .execute((trx) => endHailIn(deps, trx, hailId, from, step));
  if (!ended) return false;
  await releaseOrder(deps, "hail", hailId);
  return true;
}

/**
 * The client's payment is in place (held, or approved to be charged at an accept): the hail
 * goes live to the creators who match now, in `trx` (the payments domain's, which records the
 * order's state with it). Answers false when nobody the order covers is left: the hail expires
 * and the payments domain gives the money back.
 */
export async function goLive(
  deps: AppDeps,
  trx: Kysely<DB>,
  hailId: string,
  coveredCents: number,
): Promise<boolean> {
  const hail = await q.findHail(trx, hailId);
  if (hail?.status !== "awaiting_payment") return false;
  const now = deps.now();
  const startIn = hail.start_at
    ? Math.max(0, (hail.start_at.getTime() - now.getTime()) / 60_000)
    : 0;
  const matches = await match(
    deps,
    trx,
    hail.client_user_id,
    {
      service: hail.service as QuoteInput["service"],
      hours: hail.hours,
      lat: hail.lat,
      lng: hail.lng,
      radiusMiles: hail.radius_miles,
    },
    startIn,
  );
  // Only creators the payment covers (a rate raised since the quote is left out).
  const covered = matches.filter(
    (m) => priceBooking(m.hourly_rate_cents, hail.hours).totalCents <= coveredCents,
  );
  if (covered.length === 0) {
    await endHailIn(deps, trx, hail.id, ["awaiting_payment"], "expire");
    return false;
  }
  const liveUntil = new Date(now.getTime() + HAIL.liveSeconds * 1000);
  // The events go last, in one statement: the events' ordering lock (migration 060) is held
  // from the first publish to commit, so ten hails going live at once queue only for that.
  const live = await stepHail(deps, trx, hail.id, "live", {
    patch: { live_until: liveUntil, reached_count: covered.length },
    announce: false,
  });
  if (!live) return false;
  await q.insertOffers(
    trx,
    hail.id,
    covered.map((m) => ({
      profileId: m.id,
      meters: m.meters,
      earningsCents: priceBooking(m.hourly_rate_cents, hail.hours).subtotalCents,
    })),
    now,
  );
  await deps.jobs.send(
    HAIL_JOBS.expire,
    { hailId: hail.id },
    { executor: trx, startAfter: liveUntil },
  );
  const offers = await offerEvents(
    deps,
    trx,
    hail.id,
    covered.map((m) => m.id),
  );
  await deps.realtime.publishMany([await hailEvent(live, trx), ...offers], trx);
  return true;
}

/** A hail's deadline: payment not approved by payBy, or nobody accepted by liveUntil. */
export async function expireHail(deps: AppDeps, hailId: string, now: Date) {
  const hail = await q.findHail(deps.database.db, hailId);
  if (!hail) return;
  if (hail.status === "awaiting_payment") {
    if (now < hail.pay_by) {
      await deps.jobs.send(HAIL_JOBS.expire, { hailId }, { startAfter: hail.pay_by });
      return;
    }
    // The buyer may have approved without our hearing: complete it rather than drop it.
    const order = await liveOrder(deps.database.db, "hail", hail.id);
    if (order) {
      await completeOrder(deps, order).catch((error: unknown) => {
        deps.log.warn({ err: error, hailId }, "a hail's payment could not be checked");
      });
      const after = await q.findHail(deps.database.db, hailId);
      if (after?.status !== "awaiting_payment") return;
    }
    await endHail(deps, hailId, ["awaiting_payment"], "expire");
    return;
  }
  if (hail.status === "live" && hail.live_until) {
    if (now < hail.live_until) {
      await deps.jobs.send(HAIL_JOBS.expire, { hailId }, { startAfter: hail.live_until });
      return;
    }
    await endHail(deps, hailId, ["live"], "expire");
  }
}

/** The client's hail, or 404 for anyone else. */
export async function ownHail(deps: AppDeps, clientUserId: string, hailId: string) {
  const hail = await q.findHail(deps.database.db, hailId);
  if (!hail || hail.client_user_id !== clientUserId)
    throw new AppError("not_found", HAIL_NOT_FOUND);
  return hail;
}

export async function getHail(deps: AppDeps, clientUserId: string, hailId: string) {
  return { hail: await hailView(deps.database.db, await ownHail(deps, clientUserId, hailId)) };
}

export async function currentHail(deps: AppDeps, clientUserId: string) {
  const since = new Date(deps.now().getTime() - HOUR_MS);
  const hail = await q.findCurrentHail(deps.database.db, clientUserId, since);
  return { hail: hail ? await hailView(deps.database.db, hail) : null };
}

export async function cancelHail(deps: AppDeps, clientUserId: string, hailId: string) {
  const hail = await ownHail(deps, clientUserId, hailId);
  if (!(await endHail(deps, hail.id, OPEN, "cancel"))) {
    throw new AppError("conflict", "This hail is no longer open, so it cannot be cancelled.");
  }
  return getHail(deps, clientUserId, hailId);
}
