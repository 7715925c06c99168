import fc from "fast-check";
import type { CreateBookingResponse } from "../../../contracts/bookings.ts";
import { captureAt, remainderOpensAt } from "../../features/bookings/remainder-window.ts";
import { localDate } from "../../platform/time.ts";
import { act, requestBooking } from "../../test/bookings.ts";
import { bookingStates } from "../../test/money-model-readers.ts";
import { bookingRow } from "../../test/paypal-bookings.ts";
import { jsonRequest } from "../../test/sessions.ts";
import {
  collectWebhooks,
  creatorAct,
  deliverAndAccept,
  type PayOutcome,
  pay,
  pendingAtFake,
  postWebhook,
  type Real,
  refundableAtFake,
  rerunEveryJob,
  runDue,
  settleEverything,
} from "./actions.ts";
import { checkBalanced, checkSafety } from "./invariants.ts";

// The model's commands: client, creator and staff actions over HTTP, PayPal's outcomes and
// webhooks, the job queue on the model's clock, time passing and a process killed between
// steps. After each one the safety invariants are checked; `Rest` lets everything land and
// checks that the money balances.

export type Model = { bookings: number };
type Command = fc.AsyncCommand<Model, Real>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** After every step: faults scoped to it, webhooks PayPal sent collected, invariants. */
async function step(real: Real, model: Model, label: string, body: () => Promise<unknown>) {
  if (process.env.MODEL_VERBOSE) console.info(`${real.world.now().toISOString()} ${label}`);
  try {
    await body();
  } catch (error) {
    const cause = (error as Error).cause;
    throw new Error(`${label} threw: ${error}${cause ? ` (${cause})` : ""}`, { cause: error });
  } finally {
    real.world.fake.clearFailures();
  }
  await real.world.app.deps.jobs.drain();
  collectWebhooks(real);
  model.bookings = real.bookings.length;
  await checkSafety(real.world);
}

const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
/** The i-th booking from the newest (small indexes are likelier: the newest is acted on most). */
const bookingAt = (real: Real, i: number) => pick([...real.bookings].reverse(), i);

/**
 * The i-th newest booking in one of these statuses (where the action means something), else
 * the i-th newest of all (the action is then refused, which must be harmless too).
 */
async function bookingIn(
  real: Real,
  statuses: readonly string[],
  i: number,
  remainderStates?: readonly string[],
) {
  const states = await bookingStates(real.world.app, real.bookings);
  const fits = (id: string) => {
    const state = states.get(id);
    if (!state || !statuses.includes(state.status)) return false;
    return !remainderStates || remainderStates.includes(state.remainderState);
  };
  const fit = [...real.bookings].reverse().filter(fits);
  return fit.length ? pick(fit, i) : bookingAt(real, i);
}

/** The model's clock moves to `at` if that is ahead, and the queue runs what fell due. */
async function moveTo(real: Real, at: Date) {
  const ahead = at.getTime() + MINUTE - real.world.now().getTime();
  if (ahead <= 0) return;
  real.world.advance(ahead);
  await runDue(real);
}
const hasBookings = (m: Model) => m.bookings > 0;

/** A command class from its name, arguments, precondition and action. */
function command<A extends unknown[]>(
  name: string,
  check: (m: Model) => boolean,
  run: (real: Real, ...args: A) => Promise<unknown>,
) {
  return (...args: A): Command => {
    const label = `${name}(${args.map((a) => JSON.stringify(a)).join(", ")})`;
    return {
      check,
      run: (model, real) => step(real, model, label, () => run(real, ...args)),
      toString: () => label,
    };
  };
}

async function bookOne(real: Real, days: number, start: string) {
  const date = localDate(new Date(real.world.now().getTime() + days * DAY), "America/New_York");
  const response = await requestBooking(real.world.app, real.client, {
    creatorId: real.world.parties.creatorId,
    date,
    startTime: start,
    hours: 2,
  });
  if (response.status !== 201) return null;
  const created = (await response.json()) as CreateBookingResponse;
  real.bookings.push(created.booking.id);
  return created.booking.id;
}

const book = command(
  "Book",
  () => true,
  (real, days: number, start: string) => bookOne(real, days, start),
);

const bookAndPay = command(
  "BookAndPay",
  () => true,
  async (real, days: number, start: string) => {
    const id = await bookOne(real, days, start);
    if (id) await pay(real, id, "pay", "approve");
  },
);

const bookPayAccept = command(
  "BookPayAccept",
  () => true,
  async (real, days: number, start: string) => {
    const id = await bookOne(real, days, start);
    if (id) await pay(real, id, "pay", "approve");
    if (id) await creatorAct(real, id, "accept");
  },
);

const payDeposit = command(
  "PayDeposit",
  hasBookings,
  async (real, b: number, outcome: PayOutcome) =>
    pay(real, await bookingIn(real, ["pending_payment"], b), "pay", outcome),
);

const approveBalance = command(
  "ApproveBalance",
  hasBookings,
  async (real, b: number, outcome: PayOutcome) => {
    // The client approves when the window opens (time passes until it does).
    const id = await bookingIn(real, ["confirmed"], b, ["awaiting"]);
    await moveTo(real, remainderOpensAt(await bookingRow(real.world.app, id)));
    await pay(real, id, "approve-remainder", outcome);
  },
);

const creatorAnswers = command(
  "CreatorAnswers",
  hasBookings,
  (real, b: number, answer: "accept" | "decline") => creatorAct(real, bookingAt(real, b), answer),
);

const cancel = command(
  "Cancel",
  hasBookings,
  async (real, b: number, who: "client" | "creator" | "staff") => {
    const party = who === "client" ? real.client : real.world.parties[who];
    const id = await bookingIn(real, ["pending_payment", "pending", "confirmed"], b);
    return act(real.world.app, party, id, "cancel", { reason: "fuzz" });
  },
);

const reportProblem = command("ReportProblem", hasBookings, async (real, b: number) =>
  act(real.world.app, real.client, await bookingIn(real, ["confirmed"], b), "report-problem", {
    description: "The photographer did not come",
  }),
);

const staffResolves = command(
  "StaffResolves",
  hasBookings,
  async (real, b: number, outcome: "complete" | "refund") =>
    real.world.app.fetch(
      `/api/bookings/${await bookingIn(real, ["confirmed"], b)}/resolve-problem`,
      jsonRequest(
        "POST",
        { outcome, resolution: "Settled by the model" },
        real.world.parties.staff.cookie,
      ),
    ),
);

const deliver = command("DeliverPhotos", hasBookings, async (real, b: number) =>
  deliverAndAccept(real, await bookingIn(real, ["completed", "confirmed"], b)),
);

/** Time jumps to a moment of one booking's life (its start, or when its balance is collected). */
const jumpTo = command(
  "JumpTo",
  hasBookings,
  async (real, b: number, moment: "start" | "capture") => {
    const id = await bookingIn(real, ["confirmed"], b, ["held", "paid", "processing"]);
    const row = await bookingRow(real.world.app, id);
    await moveTo(real, moment === "start" ? row.start_time : captureAt(row.end_time));
  },
);

const timePasses = command(
  "TimePasses",
  () => true,
  async (real, ms: number) => {
    real.world.advance(ms);
    await runDue(real);
  },
);

/** PayPal fails a money call of the due jobs (refund, void, capture, payout). */
const jobsMeetAFault = command(
  "JobsMeetAFault",
  () => true,
  async (
    real,
    operation: "refund" | "void" | "capture" | "createPayout",
    kind: "server_error" | "server_error_after_acting" | "declined",
  ) => {
    // A decline is an answer only a capture gets here (a held balance, collected).
    real.world.fake.failNext(
      operation,
      kind === "declined" && operation !== "capture" ? "server_error" : kind,
    );
    await runDue(real);
  },
);

const rerunJobs = command(
  "RerunEveryJob",
  () => true,
  (real) => rerunEveryJob(real),
);

const restart = command(
  "RestartApp",
  () => true,
  (real) => real.world.restart(),
);

const decide = command(
  "PayPalDecides",
  () => true,
  async (real, i: number, outcome: "COMPLETED" | "DENIED") => {
    const pending = pendingAtFake(real);
    if (pending.length) real.world.fake.settle(pick(pending, i), outcome);
  },
);

const takeBack = command(
  "PayPalTakesBack",
  () => true,
  async (real, i: number, how: "reversal" | "dashboard", half: boolean) => {
    const captures = refundableAtFake(real);
    if (!captures.length) return;
    const c = pick(captures, i);
    const amount = half ? Math.max(1, Math.floor(c.left / 2)) : c.left;
    if (how === "reversal") real.world.fake.reverse(c.id, amount);
    else real.world.fake.refundOutside(c.id, amount);
  },
);

/** One waiting webhook arrives (any of them: PayPal does not keep order). */
const webhookArrives = command(
  "WebhookArrives",
  () => true,
  async (real, i: number) => {
    collectWebhooks(real);
    if (!real.pool.length) return;
    const [delivery] = real.pool.splice(i % real.pool.length, 1);
    if (!delivery) return;
    if ((await postWebhook(real, delivery)) >= 500) real.pool.push(delivery);
    else real.delivered.push(delivery);
  },
);

const webhookAgain = command(
  "WebhookAgain",
  () => true,
  async (real, i: number) => {
    if (real.delivered.length) await postWebhook(real, pick(real.delivered, i));
  },
);

/** Everything lands; then the money must balance. */
const rest = (outcome: "COMPLETED" | "DENIED"): Command => ({
  check: () => true,
  async run(model, real) {
    await step(real, model, `Rest(${outcome})`, () => settleEverything(real, outcome));
    await checkBalanced(real.world);
  },
  toString: () => `Rest(${outcome})`,
});

const index = fc.nat({ max: 20 });
/** How far ahead a booking is: mostly within the balance window's reach, sometimes weeks. */
const days = fc.constantFrom(1, 2, 3, 3, 4, 5, 8, 15);
const startTime = fc.constantFrom("08:00", "12:00", "16:00");
/** Which booking, from the newest: mostly the newest or the one before. */
const which = fc.oneof(
  { weight: 6, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.nat({ max: 8 }) },
);
const payOutcome = fc.constantFrom<PayOutcome>(
  "approve",
  "approve",
  "approve",
  "cancel",
  "instrument_declined",
  "declined",
  "pending",
  "server_error",
  "server_error_after_acting",
);

/** Every command with its arguments, weighted towards the paths money takes most. */
export const anyCommand: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.tuple(days, startTime).map(([d, t]) => book(d, t)) },
  { weight: 3, arbitrary: fc.tuple(days, startTime).map(([d, t]) => bookAndPay(d, t)) },
  { weight: 4, arbitrary: fc.tuple(days, startTime).map(([d, t]) => bookPayAccept(d, t)) },
  { weight: 3, arbitrary: fc.tuple(which, payOutcome).map(([b, o]) => payDeposit(b, o)) },
  { weight: 4, arbitrary: fc.tuple(which, payOutcome).map(([b, o]) => approveBalance(b, o)) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(which, fc.constantFrom("accept" as const, "accept" as const, "decline" as const))
      .map(([b, a]) => creatorAnswers(b, a)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(which, fc.constantFrom("client" as const, "creator" as const, "staff" as const))
      .map(([b, w]) => cancel(b, w)),
  },
  { weight: 1, arbitrary: which.map((b) => reportProblem(b)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(which, fc.constantFrom("complete" as const, "refund" as const))
      .map(([b, o]) => staffResolves(b, o)),
  },
  { weight: 2, arbitrary: which.map((b) => deliver(b)) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(which, fc.constantFrom("start" as const, "capture" as const, "capture" as const))
      .map(([b, m]) => jumpTo(b, m)),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(10 * MINUTE, 45 * MINUTE, 6 * HOUR, DAY, 3 * DAY)
      .map((ms) => timePasses(ms)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          "refund" as const,
          "void" as const,
          "capture" as const,
          "createPayout" as const,
        ),
        fc.constantFrom(
          "server_error" as const,
          "server_error_after_acting" as const,
          "declined" as const,
        ),
      )
      .map(([op, kind]) => jobsMeetAFault(op, kind)),
  },
  { weight: 1, arbitrary: fc.constant(null).map(() => rerunJobs()) },
  { weight: 1, arbitrary: fc.constant(null).map(() => restart()) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(index, fc.constantFrom("COMPLETED" as const, "DENIED" as const))
      .map(([i, o]) => decide(i, o)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(index, fc.constantFrom("reversal" as const, "dashboard" as const), fc.boolean())
      .map(([i, how, half]) => takeBack(i, how, half)),
  },
  { weight: 3, arbitrary: index.map((i) => webhookArrives(i)) },
  { weight: 1, arbitrary: index.map((i) => webhookAgain(i)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("COMPLETED" as const, "DENIED" as const).map((o) => rest(o)),
  },
);

export { rest };
