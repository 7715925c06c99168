import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Schedule } from "../../../contracts/schedule.ts";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { ScheduleCard } from "./schedule-card.tsx";

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

const WEEKLY_ID = "11111111-1111-4111-8111-111111111111";
const OVERRIDE_ID = "22222222-2222-4222-8222-222222222222";
const ONE_OFF_ID = "33333333-3333-4333-8333-333333333333";

const empty: Schedule = {
  timeZone: "America/New_York",
  minNoticeMinutes: 720,
  bufferMinutes: 30,
  weekly: [],
  overrides: [],
  oneOffs: [],
};
const full: Schedule = {
  ...empty,
  weekly: [{ id: WEEKLY_ID, weekday: 1, start: "09:00", end: "17:00" }],
  overrides: [{ id: OVERRIDE_ID, date: "2026-12-24", start: null, end: null }],
  // 2:00 PM - 6:00 PM on Saturday 5 December in New York.
  oneOffs: [{ id: ONE_OFF_ID, start: "2026-12-05T19:00:00.000Z", end: "2026-12-05T23:00:00.000Z" }],
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ScheduleCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("the Recurring Schedule card", () => {
  it("shows the empty state and opens the add dialog", async () => {
    fakeApi(() => empty);
    const user = renderCard();
    expect(await screen.findByText("No recurring schedule set up yet")).toBeTruthy();
    // Until hours are set, the standard hours apply; the empty card says so.
    expect(
      screen.getByText(
        "Until you add times, clients can book you during the standard hours: 6:00 AM–11:00 PM every day.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Times are in New York time (America/New_York)")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add Recurring Schedule" }));
    expect(await screen.findByRole("dialog", { name: "Add available times" })).toBeTruthy();
  });

  it("lists weekly hours with a Recurring badge, overrides and one-off times in the creator's zone", async () => {
    fakeApi(() => full);
    renderCard();
    const list = await screen.findByRole("list", { name: "Available times" });
    const items = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual([
      "Every Monday, 9:00 AM - 5:00 PMRecurring",
      "Dec 24: Day off",
      "Sat, Dec 5, 2:00 PM - 6:00 PM",
    ]);
    expect(screen.getByRole("button", { name: "Add More Times" })).toBeTruthy();
  });

  it("removes a slot right after a successful delete", async () => {
    const calls = fakeApi((call: ApiCall) =>
      call.method === "DELETE" ? { ...full, weekly: [] } : full,
    );
    const user = renderCard();
    await user.click(
      await screen.findByRole("button", { name: "Delete Every Monday, 9:00 AM - 5:00 PM" }),
    );
    await waitFor(() => expect(screen.queryByText(/Every Monday/)).toBeNull());
    expect(
      calls.some((c) => c.method === "DELETE" && c.path.endsWith(`/weekly/${WEEKLY_ID}`)),
    ).toBe(true);
  });

  it("says 'Failed to delete availability slot' when the delete fails", async () => {
    fakeApi((call: ApiCall) =>
      call.method === "DELETE" ? apiFailure(500, "internal", "boom") : full,
    );
    const user = renderCard();
    await user.click(await screen.findByRole("button", { name: "Delete Dec 24: Day off" }));
    expect(await screen.findByText("Failed to delete availability slot")).toBeTruthy();
    expect(screen.getByText("Dec 24: Day off")).toBeTruthy();
  });

  it("adds weekly hours for the picked weekdays in 15-minute steps", async () => {
    const calls = fakeApi((call: ApiCall) => (call.method === "POST" ? full : empty));
    const user = renderCard();
    await user.click(await screen.findByRole("button", { name: "Add Recurring Schedule" }));
    const dialog = await screen.findByRole("dialog", { name: "Add available times" });
    // Monday to Friday are picked to begin with: leave Monday only.
    for (const day of ["Tue", "Wed", "Thu", "Fri"]) {
      await user.click(within(dialog).getByRole("button", { name: day }));
    }
    await user.selectOptions(within(dialog).getByLabelText("Start"), "08:15");
    await user.selectOptions(within(dialog).getByLabelText("End"), "12:45");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      path: "/availability/schedule/weekly",
      body: { weekdays: [1], start: "08:15", end: "12:45" },
    });
    expect(await screen.findByText("Every Monday, 9:00 AM - 5:00 PM")).toBeTruthy();
  });

  it("shows the server's message in the dialog when hours are refused", async () => {
    fakeApi((call: ApiCall) =>
      call.method === "POST"
        ? apiFailure(
            400,
            "validation_failed",
            "These hours overlap hours you already set for that day",
          )
        : empty,
    );
    const user = renderCard();
    await user.click(await screen.findByRole("button", { name: "Add Recurring Schedule" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("These hours overlap hours you already set for that day"),
    ).toBeTruthy();
  });

  it("saves the minimum notice and buffer settings", async () => {
    const calls = fakeApi((call: ApiCall) =>
      call.method === "PUT" ? { ...empty, minNoticeMinutes: 60 } : empty,
    );
    const user = renderCard();
    await user.selectOptions(await screen.findByLabelText("Minimum notice"), "60");
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
        minNoticeMinutes: 60,
        bufferMinutes: 30,
      }),
    );
  });

  it("renders nothing for a caller who is not a creator", async () => {
    const calls = fakeApi(() =>
      apiFailure(403, "forbidden", "You need an approved creator profile."),
    );
    renderCard();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByText("Recurring Schedule")).toBeNull());
    expect(screen.queryByText("Loading…")).toBeNull();
  });
});
