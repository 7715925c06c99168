import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EarningsResponse } from "../../../contracts/payouts.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import EarningsScreen from "../../routes/earnings.tsx";
import { renderWithApp, signedInSession } from "../../test/booking-fixtures.tsx";
import { apiFailure, fakeApi } from "../../test/fake-api.ts";
import { fakeEventStream } from "../../test/hail-fixtures.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const earnings = (balanceCents: number): EarningsResponse => ({
  tier: { tier: "starter", percent: 20, jobsCompleted: 1, rating: 5, next: null },
  balanceCents,
  upcoming: [],
  payouts: [],
  lines: [],
});

/** The earnings screen of a signed-in person; `answer` gives each /earnings answer in turn. */
function showEarnings(answer: (nth: number) => unknown) {
  const stream = fakeEventStream();
  let asked = 0;
  fakeApi((call) => {
    if (call.path === "/auth/get-session") return signedInSession;
    if (call.path === "/earnings") return answer(++asked);
    return apiFailure(404, "not_found", "Not found");
  });
  render(renderWithApp(<EarningsScreen />).wrapper);
  return { stream, asked: () => asked };
}

describe("the earnings screen", () => {
  it("reloads when one of the creator's payouts changes", async () => {
    const { stream, asked } = showEarnings((nth) => earnings(nth === 1 ? 12_000 : 0));
    expect(await screen.findByText("$120.00")).toBeTruthy();
    expect(stream.listening(REALTIME_TOPICS.payouts)).toBe(true);

    act(() => stream.emit(REALTIME_TOPICS.payouts, { id: crypto.randomUUID(), status: "paid" }));
    expect(await screen.findByText("$0.00")).toBeTruthy();
    expect(asked()).toBe(2);
  });

  it("tells a signed-in person without a creator profile what earnings are for", async () => {
    showEarnings(() => apiFailure(403, "forbidden", "No approved creator profile"));
    expect(await screen.findByText("Earnings are for approved creators.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a creator" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("offers to try again when the earnings could not be loaded", async () => {
    showEarnings((nth) =>
      nth === 1 ? apiFailure(500, "internal", "Something went wrong") : earnings(4_550),
    );
    expect(await screen.findByText("We could not load your earnings.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("$45.50")).toBeTruthy();
  });
});
