import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { EarningsResponse, UpcomingPayout } from "../../../contracts/payouts.ts";
// renderWithApp shows the component at /bookings, inside the app's query cache and a router.
import { renderWithApp } from "../../test/booking-fixtures.tsx";
import { EarningsView } from "./earnings-page.tsx";

afterEach(cleanup);

const upcoming = (status: UpcomingPayout["status"], amountCents: number): UpcomingPayout => ({
  bookingId: crypto.randomUUID(),
  bookingLabel: "Portrait · Jun 20, 2030",
  amountCents,
  expectedAt: null,
  status,
});

const earnings = (list: UpcomingPayout[]): EarningsResponse => ({
  tier: { tier: "starter", percent: 20, jobsCompleted: 1, rating: 5, next: null },
  balanceCents: list.reduce((sum, u) => sum + u.amountCents, 0),
  upcoming: list,
  payouts: [],
  lines: [],
});

describe("the earnings page's upcoming payouts", () => {
  it("asks for a payout method when accepted work has nowhere to go, with the amount waiting", () => {
    render(
      renderWithApp(
        <EarningsView
          data={earnings([
            upcoming("needs_payout_method", 24_000),
            upcoming("needs_payout_method", 6_050),
            upcoming("awaiting_delivery", 10_000),
          ])}
        />,
      ).wrapper,
    );
    const callout = screen.getByRole("status");
    expect(within(callout).getByRole("heading", { name: "Add a payout method" })).toBeTruthy();
    expect(callout.textContent).toContain("$300.50 is ready to be paid to you");
    expect(
      within(callout).getByRole("link", { name: "Add payout method" }).getAttribute("href"),
    ).toBe("/profile-setup");
    expect(screen.getAllByText("Add a payout method to get paid")).toHaveLength(2);
    expect(screen.getByText("After the client accepts your photos")).toBeTruthy();
  });

  it("says nothing of payout methods while none is needed", () => {
    render(renderWithApp(<EarningsView data={earnings([upcoming("on_hold", 5_000)])} />).wrapper);
    expect(screen.queryByRole("heading", { name: "Add a payout method" })).toBeNull();
    expect(screen.getByText("On hold: the client reported a problem")).toBeTruthy();
    // Each empty list says so instead.
    expect(screen.getByText("Your payouts will be listed here.")).toBeTruthy();
    expect(
      screen.getByText("Completed bookings, commission and payouts will appear here."),
    ).toBeTruthy();
    expect(screen.queryByText("Nothing on its way right now.")).toBeNull();
  });
});

describe("the earnings history", () => {
  it("shows 20 lines a page, newest first as the answer gives them", async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({
      id: 45 - i,
      kind: "earning" as const,
      amountCents: 100 * (45 - i),
      bookingId: null,
      bookingLabel: null,
      note: `line ${45 - i}`,
      createdAt: "2030-06-01T12:00:00.000Z",
    }));
    render(renderWithApp(<EarningsView data={{ ...earnings([]), lines }} />).wrapper);
    const history = screen.getByRole("list", { name: "History" });
    const notes = () =>
      within(history)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.match(/line (\d+)/)?.[1]);
    expect(notes()).toEqual(Array.from({ length: 20 }, (_, i) => String(45 - i)));
    expect(screen.getByText("Showing 1 to 20 of 45 results")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "3" }));
    expect(notes()).toEqual(["5", "4", "3", "2", "1"]);
  });
});
