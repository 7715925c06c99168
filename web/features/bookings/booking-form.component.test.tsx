import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bookingStartTimes } from "../../../contracts/booking-pricing.ts";
import {
  BOOKING_IDEMPOTENCY_HEADER,
  MISSING_INFO_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  ZCreateBookingRequest,
} from "../../../contracts/bookings.ts";
import {
  bookingDetail,
  CREATOR_ID,
  creatorProfile,
  renderWithApp,
  signedInSession,
} from "../../test/booking-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { useAuthDialogMode } from "../accounts/auth-dialog-store.ts";
import { BookingForm } from "./booking-form.tsx";
import { NO_FREE_TIMES, TIMES_NOT_LOADED, USE_NEAREST_TIME } from "./strings.ts";

afterEach(() => {
  // Sonner replays still-active toasts to the next test's Toaster.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

const APPROVE_HREF = "https://sandbox.example/checkout/ORDER-1";

function api({
  signedIn = true,
  create,
}: {
  signedIn?: boolean;
  create?: (call: ApiCall) => unknown;
} = {}) {
  return fakeApi((call) => {
    if (call.path === "/auth/get-session") return signedIn ? signedInSession : null;
    if (call.path === `/creators/${CREATOR_ID}`) return creatorProfile;
    if (call.path === `/creators/${CREATOR_ID}/booking-times`) {
      return {
        timeZone: "America/New_York",
        hourlyRateCents: 15_000,
        times: [
          { time: "09:00", available: false },
          { time: "09:15", available: true },
        ],
      };
    }
    if (call.method === "POST" && call.path === "/bookings" && create) return create(call);
    return apiFailure(404, "not_found", "Not found");
  });
}

function AuthModeProbe() {
  return <p>Auth dialog: {useAuthDialogMode() ?? "closed"}</p>;
}

function renderForm() {
  const { wrapper } = renderWithApp(
    <>
      <BookingForm creatorId={CREATOR_ID} />
      <AuthModeProbe />
    </>,
  );
  render(wrapper);
  return userEvent.setup();
}

/** A stand-in for the blank tab the form opens before the API answers. */
function fakeTab() {
  const tab = { location: { href: "" }, close: vi.fn(), closed: false, opener: {} };
  const open = vi.fn(() => tab);
  vi.stubGlobal("open", open);
  return { tab, open };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  fireEvent.change(screen.getByLabelText("Date *"), { target: { value: "2026-12-05" } });
  await waitFor(() => expect(screen.queryByRole("option", { name: "9:00 AM" })).toBeNull());
  await user.selectOptions(screen.getByLabelText("Start time *"), "09:15");
  await user.clear(screen.getByLabelText("Hours *"));
  await user.type(screen.getByLabelText("Hours *"), "3");
  await user.type(screen.getByLabelText("Full address *"), "1 Main St, Brooklyn, NY 11201");
}

describe("the booking form", () => {
  it("shows the creator and previews the price of 3 hours at $150/h", async () => {
    api();
    const user = renderForm();
    expect(await screen.findByText("Maya Chen")).toBeTruthy();
    expect(screen.getByText("$150 per hour")).toBeTruthy();
    await user.clear(screen.getByLabelText("Hours *"));
    await user.type(screen.getByLabelText("Hours *"), "3");
    const price = await screen.findByLabelText("Price");
    const amount = (label: string) =>
      within(price).getByText(label).parentElement?.querySelector("dd")?.textContent;
    await waitFor(() => expect(amount("Subtotal")).toBe("$450.00"));
    expect(amount("Service fee (5%)")).toBe("$22.50");
    expect(amount("Total")).toBe("$472.50");
    expect(amount("Deposit due now")).toBe("$135.00");
    expect(amount("Remaining balance")).toBe("$337.50");
    expect(screen.getByText(/temporary hold is placed on the remaining balance/)).toBeTruthy();
    expect(screen.getByPlaceholderText("Street, city, state, ZIP")).toBeTruthy();
  });

  it("offers 06:00–22:45 in 12-hour form, without the times already taken, in the creator's zone", async () => {
    api();
    const user = renderForm();
    expect(await screen.findByText("Times are in New York time (America/New_York)")).toBeTruthy();
    // Before a date is chosen every time is offered; a time taken on the chosen date is dropped.
    await user.selectOptions(screen.getByLabelText("Start time *"), "09:00");
    fireEvent.change(screen.getByLabelText("Date *"), { target: { value: "2026-12-05" } });
    await waitFor(() => expect(screen.queryByRole("option", { name: "9:00 AM" })).toBeNull());
    const options = within(screen.getByLabelText("Start time *"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options[1]).toBe("6:00 AM");
    expect(options.at(-1)).toBe("10:45 PM");
    expect(options).toContain("9:15 AM");
    // 68 quarter hours from 06:00 to 22:45, one taken, plus the placeholder.
    expect(options).toHaveLength(68);
    expect(screen.getByLabelText<HTMLSelectElement>("Start time *").value).toBe("");
    // …and the form no longer holds it: submitting asks for a start time.
    const { open } = fakeTab();
    await user.type(screen.getByLabelText("Full address *"), "1 Main St, Brooklyn, NY 11201");
    await user.click(screen.getByRole("button", { name: "Request & Pay Deposit" }));
    expect(await screen.findByText("Missing info")).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("does not offer one date's free times for another while the new date's answer loads", async () => {
    let letMondayGo = () => {};
    const mondayHeld = new Promise<void>((resolve) => {
      letMondayGo = resolve;
    });
    fakeApi(async (call) => {
      if (call.path === "/auth/get-session") return signedInSession;
      if (call.path === `/creators/${CREATOR_ID}`) return creatorProfile;
      if (call.path !== `/creators/${CREATOR_ID}/booking-times`) return apiFailure(404, "x", "x");
      const monday = call.search?.includes("date=2026-12-07");
      if (monday) await mondayHeld;
      const free = monday ? ["09:00"] : ["06:00"];
      return {
        timeZone: "America/New_York",
        hourlyRateCents: 15_000,
        times: ["06:00", "09:00"].map((time) => ({ time, available: free.includes(time) })),
      };
    });
    const user = renderForm();
    fireEvent.change(screen.getByLabelText("Date *"), { target: { value: "2026-12-05" } });
    await waitFor(() => expect(screen.queryByRole("option", { name: "9:00 AM" })).toBeNull());
    fireEvent.change(screen.getByLabelText("Date *"), { target: { value: "2026-12-07" } });
    // Saturday's answer says nothing about Monday: every time is offered until Monday's arrives.
    expect(await screen.findByRole("option", { name: "9:00 AM" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "6:00 AM" })).toBeTruthy();
    letMondayGo();
    await waitFor(() => expect(screen.queryByRole("option", { name: "6:00 AM" })).toBeNull());
    expect(screen.getByRole("option", { name: "9:00 AM" })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Start time *"), "09:00");
  });

  it("says when no time is free on the date and offers the creator's nearest free one", async () => {
    const calls = fakeApi((call) => {
      if (call.path === "/auth/get-session") return signedInSession;
      if (call.path === `/creators/${CREATOR_ID}`) return creatorProfile;
      if (call.path === `/creators/${CREATOR_ID}/next-start`)
        return { date: "2026-12-07", time: "09:00" };
      if (call.path !== `/creators/${CREATOR_ID}/booking-times`) return apiFailure(404, "x", "x");
      // Sunday the creator does not work; Monday from nine.
      const sunday = call.search?.includes("date=2026-12-06");
      return {
        timeZone: "America/New_York",
        hourlyRateCents: 15_000,
        times: bookingStartTimes().map((time) => ({ time, available: !sunday && time >= "09:00" })),
      };
    });
    const user = renderForm();
    expect(await screen.findByText("Maya Chen")).toBeTruthy();
    expect(screen.queryByText(NO_FREE_TIMES)).toBeNull();
    await user.clear(screen.getByLabelText("Hours *"));
    await user.type(screen.getByLabelText("Hours *"), "3");
    fireEvent.change(screen.getByLabelText("Date *"), { target: { value: "2026-12-06" } });
    const said = await screen.findByText(
      `${NO_FREE_TIMES} The nearest free time is Mon, Dec 7 at 9:00 AM.`,
    );
    const notice = said.closest<HTMLElement>("[role=status]")!;
    // The nearest start is asked for the session's length.
    expect(calls.find((c) => c.path.endsWith("/next-start"))?.search).toBe("?hours=3");
    await user.click(within(notice).getByRole("button", { name: USE_NEAREST_TIME }));
    expect(screen.getByLabelText<HTMLInputElement>("Date *").value).toBe("2026-12-07");
    await waitFor(() => expect(screen.queryByText(NO_FREE_TIMES)).toBeNull());
    expect(screen.getByLabelText<HTMLSelectElement>("Start time *").value).toBe("09:00");
  });

  it("says when nothing is free in the coming week either", async () => {
    fakeApi((call) => {
      if (call.path === "/auth/get-session") return signedInSession;
      if (call.path === `/creators/${CREATOR_ID}`) return creatorProfile;
      if (call.path === `/creators/${CREATOR_ID}/next-start`) return null;
      return {
        timeZone: "America/New_York",
        hourlyRateCents: 15_000,
        times: bookingStartTimes().map((time) => ({ time, available: false })),
      };
    });
    renderForm();
    fireEvent.change(screen.getByLabelText("Date *"), { target: { value: "2026-12-06" } });
    expect(
      await screen.findByText(/Nothing is free in the next 7 days either: try a later date\./),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: USE_NEAREST_TIME })).toBeNull();
  });

  it("says when the date's free times could not be loaded, and tries again", async () => {
    let failing = true;
    fakeApi((call) => {
      if (call.path === "/auth/get-session") return signedInSession;
      if (call.path === `/creators/${CREATOR_ID}`) return creatorProfile;
      if (failing) return apiFailure(500, "internal", "Something went wrong");
      return {
        timeZone: "America/New_York",
        hourlyRateCents: 15_000,
        times: [{ time: "09:00", available: false }],
      };
    });
    const user = renderForm();
    fireEvent.change(screen.getByLabelText("Date *"), { target: { value: "2026-12-05" } });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(TIMES_NOT_LOADED);
    failing = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.queryByText(TIMES_NOT_LOADED)).toBeNull());
    await waitFor(() => expect(screen.queryByRole("option", { name: "9:00 AM" })).toBeNull());
  });

  it("says so when the creator does not exist", async () => {
    fakeApi((call) =>
      call.path === "/auth/get-session" ? signedInSession : apiFailure(404, "not_found", "No"),
    );
    renderForm();
    expect(await screen.findByText(/This creator could not be found/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Request & Pay Deposit" })).toBeNull();
  });

  it("says 'Missing info' and sends nothing when a required field is empty", async () => {
    const calls = api();
    const { open } = fakeTab();
    const user = renderForm();
    const submit = await screen.findByRole("button", { name: "Request & Pay Deposit" });
    await waitFor(() => expect(submit.hasAttribute("disabled")).toBe(false));
    await user.click(submit);
    expect(await screen.findByText("Missing info")).toBeTruthy();
    expect(screen.getByText(MISSING_INFO_MESSAGE)).toBeTruthy();
    // The fields behind it are marked, say so, and the first has the focus.
    const date = screen.getByLabelText("Date *");
    const time = screen.getByLabelText("Start time *");
    const address = screen.getByLabelText("Full address *");
    await waitFor(() => expect(date.getAttribute("aria-invalid")).toBe("true"));
    expect(time.getAttribute("aria-invalid")).toBe("true");
    expect(address.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Hours *").getAttribute("aria-invalid")).not.toBe("true");
    expect(screen.getAllByText("Required")).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(date));
    expect(open).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("signed out: submit is disabled and 'Sign in to continue' opens the sign-in dialog", async () => {
    api({ signedIn: false });
    const user = renderForm();
    const signIn = await screen.findByRole("button", { name: "Sign in to continue" });
    expect(
      screen.getByRole("button", { name: "Request & Pay Deposit" }).hasAttribute("disabled"),
    ).toBe(true);
    expect(screen.getByText("Auth dialog: closed")).toBeTruthy();
    await user.click(signIn);
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();
  });

  it("creates the booking with an idempotency key, sends the blank tab to the approval link and shows the booking", async () => {
    const calls = api({
      create: () => ({
        booking: bookingDetail({ status: "pending_payment" }),
        order: { id: "ORDER-1", links: [{ rel: "approve", href: APPROVE_HREF }] },
      }),
    });
    const { tab, open } = fakeTab();
    const user = renderForm();
    await screen.findByText("Maya Chen");
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Request & Pay Deposit" }));

    expect(await screen.findByText("Booking page")).toBeTruthy();
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.location.href).toBe(APPROVE_HREF);
    expect(tab.close).not.toHaveBeenCalled();
    expect(screen.getByText("Proceed to PayPal")).toBeTruthy();
    expect(screen.getByText("Complete the deposit in the new tab.")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      creatorId: CREATOR_ID,
      date: "2026-12-05",
      startTime: "09:15",
      hours: 3,
      location: "1 Main St, Brooklyn, NY 11201",
      notes: null,
    });
    expect(ZCreateBookingRequest.safeParse(post?.body).success).toBe(true);
    const init = vi
      .mocked(fetch)
      .mock.calls.find(([, i]) => i?.method === "POST")?.[1] as RequestInit;
    const key = (init.headers as Record<string, string>)[BOOKING_IDEMPOTENCY_HEADER];
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it("closes the tab and says 'Order created' when the order has no approval link", async () => {
    api({
      create: () => ({
        booking: bookingDetail({ status: "pending_payment" }),
        order: { id: "ORDER-1", links: [{ rel: "self", href: "https://x.example/o/1" }] },
      }),
    });
    const { tab } = fakeTab();
    const user = renderForm();
    await screen.findByText("Maya Chen");
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Request & Pay Deposit" }));
    expect(await screen.findByText("Order created")).toBeTruthy();
    expect(screen.getByText("Could not find approval link. Please try again.")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe("");
  });

  it("closes the tab and says 'Booking failed' with the server's message when the time was taken", async () => {
    api({ create: () => apiFailure(409, "conflict", SLOT_TAKEN_MESSAGE) });
    const { tab } = fakeTab();
    const user = renderForm();
    await screen.findByText("Maya Chen");
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Request & Pay Deposit" }));
    expect(await screen.findByText("Booking failed")).toBeTruthy();
    expect(screen.getByText(SLOT_TAKEN_MESSAGE)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.queryByText("Booking page")).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>("Start time *").value).toBe("");
    // …and the form no longer holds it: submitting asks for a start time.
    const { open } = fakeTab();
    await user.type(screen.getByLabelText("Full address *"), "1 Main St, Brooklyn, NY 11201");
    await user.click(screen.getByRole("button", { name: "Request & Pay Deposit" }));
    expect(await screen.findByText("Missing info")).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("starts at the date and time it was given (the map's nearest start), in the creator's zone", async () => {
    api();
    const { wrapper } = renderWithApp(
      <BookingForm creatorId={CREATOR_ID} initialDate="2026-12-05" initialTime="09:15" />,
    );
    render(wrapper);
    expect(await screen.findByText("Times are in New York time (America/New_York)")).toBeTruthy();
    expect((screen.getByLabelText("Date *") as HTMLInputElement).value).toBe("2026-12-05");
    await waitFor(() =>
      expect((screen.getByLabelText("Start time *") as HTMLSelectElement).value).toBe("09:15"),
    );
  });

  it("ignores malformed date and time parameters", async () => {
    api();
    const { wrapper } = renderWithApp(
      <BookingForm creatorId={CREATOR_ID} initialDate="tomorrow" initialTime="9am" />,
    );
    render(wrapper);
    expect(await screen.findByText("Maya Chen")).toBeTruthy();
    expect((screen.getByLabelText("Date *") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Start time *") as HTMLSelectElement).value).toBe("");
  });
});
