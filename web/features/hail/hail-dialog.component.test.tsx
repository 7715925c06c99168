import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  HAIL_ADDRESS_NOT_FOUND_MESSAGE,
  HAIL_NOBODY_ONLINE_MESSAGE,
} from "../../../contracts/hail.ts";
import { SESSION_QUERY_KEY } from "../../lib/session-query.ts";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import {
  APPROVE_HREF,
  HAIL_ID,
  hail,
  quote,
  renderWithApp,
  signedInSession,
} from "../../test/hail-fixtures.tsx";
import { closeAuthDialog, useAuthDialogMode } from "../accounts/auth-dialog-store.ts";
import { HailButton } from "./hail-button.tsx";

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  closeAuthDialog();
});

function api({
  signedIn = true,
  quoteAnswer = quote(),
  create,
}: {
  signedIn?: boolean;
  quoteAnswer?: unknown;
  create?: (call: ApiCall) => unknown;
} = {}) {
  return fakeApi((call) => {
    if (call.path === "/auth/get-session") return signedIn ? signedInSession : null;
    if (call.path === "/hails/current") return { hail: null };
    if (call.path === "/hails/quote") return quoteAnswer;
    if (call.method === "POST" && call.path === "/hails" && create) return create(call);
    return apiFailure(404, "not_found", "Not found");
  });
}

function AuthModeProbe() {
  return <p>Auth dialog: {useAuthDialogMode() ?? "closed"}</p>;
}

let sessionLoaded: () => Promise<void>;

function renderButton() {
  const { client, wrapper } = renderWithApp(
    <>
      <HailButton />
      <AuthModeProbe />
    </>,
  );
  render(wrapper);
  sessionLoaded = () =>
    waitFor(() => expect(client.getQueryState(SESSION_QUERY_KEY)?.status).toBe("success"));
  return userEvent.setup();
}

/** The browser's position, granted (or refused). */
function fakeGeolocation(granted = true) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (granted) ok({ coords: { latitude: 40.7484, longitude: -73.9857 } } as GeolocationPosition);
    else fail?.({ code: 1, message: "denied" } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

function fakeTab() {
  const tab = { location: { href: "" }, close: vi.fn(), closed: false, opener: {} };
  const open = vi.fn(() => tab);
  vi.stubGlobal("open", open);
  return { tab, open };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole("button", { name: "Hail a creator" });
  // The session decides what the button does.
  await sessionLoaded();
  await user.click(button);
  // The dialog's code loads on the first click.
  return screen.findByRole("dialog", { name: "Hail a creator" }, { timeout: 15_000 });
}

describe("the hail dialog", { timeout: 30_000 }, () => {
  it("signed out: the button opens the sign-in dialog instead", async () => {
    const calls = api({ signedIn: false });
    const user = renderButton();
    const button = await screen.findByRole("button", { name: "Hail a creator" });
    await sessionLoaded();
    await user.click(button);
    await waitFor(() => expect(screen.getByText("Auth dialog: signin")).toBeTruthy());
    expect(screen.queryByRole("dialog", { name: "Hail a creator" })).toBeNull();
    expect(calls.some((c) => c.path.startsWith("/hails"))).toBe(false);
  });

  it("shows who is online and the price once the location is known", async () => {
    fakeGeolocation();
    const calls = api();
    const user = renderButton();
    const dialog = await openDialog(user);
    expect(within(dialog).getByPlaceholderText("Street, city, state, ZIP")).toBeTruthy();
    expect(
      within(dialog).getByText(/or use your location to see who is online nearby/),
    ).toBeTruthy();
    // The choices of the contract.
    for (const name of ["Photography", "Videography", "Content"]) {
      expect(within(dialog).getByRole("radio", { name })).toBeTruthy();
    }
    for (const name of ["10 mi", "25 mi", "50 mi"]) {
      expect(within(dialog).getByRole("radio", { name })).toBeTruthy();
    }
    const start = within(dialog).getByLabelText("Start");
    expect(
      within(start)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "As soon as possible",
      "In 30 min",
      "In 1 h",
      "In 1.5 h",
      "In 2 h",
      "In 3 h",
      "In 4 h",
    ]);
    expect(within(within(dialog).getByLabelText("Hours")).getAllByRole("option")).toHaveLength(12);

    await user.click(within(dialog).getByRole("button", { name: "Use my location" }));
    expect(await within(dialog).findByText("Using your current location")).toBeTruthy();
    const price = within(dialog).getByRole("region", { name: "Price" });
    expect(await within(price).findByText("3 creators online nearby")).toBeTruthy();
    expect(price.textContent).toContain("$315.00 – $630.00 total");
    expect(price.textContent).toContain("Deposit $94.50 – $189.00 when a creator accepts");
    expect(price.textContent).toMatch(/held at PayPal.*Only the price of the creator who accepts/);
    const asked = calls.find((c) => c.path === "/hails/quote");
    expect(asked).toBeTruthy();

    // A wider radius asks again.
    await user.click(within(dialog).getByRole("radio", { name: "25 mi" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/hails/quote").length).toBeGreaterThan(1),
    );
  });

  it("one price when every creator online costs the same; nobody online disables 'Hail now'", async () => {
    fakeGeolocation();
    api({
      quoteAnswer: quote({
        creatorsAvailable: 1,
        minTotalCents: 31_500,
        maxTotalCents: 31_500,
        minDepositCents: 9_450,
        maxDepositCents: 9_450,
      }),
    });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole("button", { name: "Use my location" }));
    const price = within(dialog).getByRole("region", { name: "Price" });
    expect(await within(price).findByText("1 creator online nearby")).toBeTruthy();
    expect(price.textContent).toContain("$315.00 total");
    cleanup();

    fakeGeolocation();
    api({
      quoteAnswer: quote({
        creatorsAvailable: 0,
        minTotalCents: null,
        maxTotalCents: null,
        minDepositCents: null,
        maxDepositCents: null,
      }),
    });
    const again = renderButton();
    const second = await openDialog(again);
    await again.click(within(second).getByRole("button", { name: "Use my location" }));
    expect(await within(second).findByText(HAIL_NOBODY_ONLINE_MESSAGE)).toBeTruthy();
    expect(
      (within(second).getByRole("button", { name: "Hail now" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("checks the address before sending anything", async () => {
    const { open } = fakeTab();
    const calls = api({ create: () => ({}) });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole("button", { name: "Hail now" }));
    expect(await within(dialog).findByText("Enter the address")).toBeTruthy();
    // Without the browser's position, the address must carry its ZIP or city and state.
    await user.type(within(dialog).getByLabelText("Address *"), "350 5th Ave, New York");
    await user.click(within(dialog).getByRole("button", { name: "Hail now" }));
    expect(await within(dialog).findByText(HAIL_ADDRESS_NOT_FOUND_MESSAGE)).toBeTruthy();
    expect(within(dialog).getByLabelText("Address *").getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it("'Hail now' opens the payment tab in the click, sends the hail once, and shows its live view", async () => {
    fakeGeolocation();
    const { tab, open } = fakeTab();
    const calls = api({
      create: () =>
        new Response(
          JSON.stringify({
            hail: hail({ status: "awaiting_payment", liveUntil: null }),
            order: { id: "ORDER-H1", links: [{ rel: "approve", href: APPROVE_HREF }] },
          }),
          { status: 201, headers: { "Content-Type": "application/json" } },
        ),
    });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole("radio", { name: "Videography" }));
    await user.selectOptions(within(dialog).getByLabelText("Hours"), "3");
    await user.selectOptions(within(dialog).getByLabelText("Start"), "60");
    await user.click(within(dialog).getByRole("radio", { name: "25 mi" }));
    await user.type(within(dialog).getByLabelText("Address *"), "350 5th Ave, New York, NY");
    await user.click(within(dialog).getByRole("button", { name: "Use my location" }));
    await within(dialog).findByText("3 creators online nearby");
    await user.click(within(dialog).getByRole("button", { name: "Hail now" }));

    await waitFor(() => expect(screen.getByTestId("path").textContent).toBe(`/hail/${HAIL_ID}`));
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.location.href).toBe(APPROVE_HREF);
    expect(tab.opener).toBeNull();
    expect(await screen.findByText("Proceed to PayPal")).toBeTruthy();
    // The toast says what the hail page says: a hold, nothing charged yet.
    expect(
      screen.getByText(
        "Approve the hold in the new tab. Nothing is charged until a creator accepts.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText("Complete the deposit in the new tab.")).toBeNull();
    // The quote was asked for that start.
    expect(calls.filter((c) => c.path === "/hails/quote").at(-1)?.search).toContain(
      "startInMinutes=60",
    );
    const posts = calls.filter((c) => c.method === "POST" && c.path === "/hails");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      service: "Videography",
      hours: 3,
      location: "350 5th Ave, New York, NY",
      lat: 40.7484,
      lng: -73.9857,
      startInMinutes: 60,
      radiusMiles: 25,
    });
    const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === "POST",
    );
    expect((post?.[1] as RequestInit | undefined)?.headers).toMatchObject({
      "Idempotency-Key": expect.stringMatching(/^[A-Za-z0-9_-]{8,128}$/),
    });
    // The dialog closed; the live view can send the same details again.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sessionStorage.getItem(`shutterhail.hail.${HAIL_ID}`)).toContain(APPROVE_HREF);
  });

  it("a refused hail closes the blank tab and says why", async () => {
    const { tab } = fakeTab();
    api({
      create: () =>
        apiFailure(
          409,
          "conflict",
          "You already have an open hail. Cancel it or wait for it to finish first.",
        ),
    });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Address *"), "350 5th Ave, New York, NY 10118");
    await user.click(within(dialog).getByRole("button", { name: "Hail now" }));
    expect(await screen.findByText("Could not send the hail")).toBeTruthy();
    expect(screen.getByText(/You already have an open hail/)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByTestId("path").textContent).toBe("/");
  });

  it("prices a typed address by its city and state, and sends the hail from where it was found", async () => {
    const { open } = fakeTab();
    const calls = api({
      quoteAnswer: quote({ place: { lat: 40.7128, lng: -74.006, label: "New York, NY" } }),
      create: () =>
        new Response(
          JSON.stringify({
            hail: hail({ status: "awaiting_payment", liveUntil: null }),
            order: { id: "ORDER-H1", links: [{ rel: "approve", href: APPROVE_HREF }] },
          }),
          { status: 201, headers: { "Content-Type": "application/json" } },
        ),
    });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Address *"), "350 5th Ave, New York, NY");
    const price = within(dialog).getByRole("region", { name: "Price" });
    expect(await within(price).findByText("3 creators online nearby")).toBeTruthy();
    expect(price.textContent).toContain("$315.00 – $630.00 total");
    const quoted = calls.filter((c) => c.path === "/hails/quote");
    // Only the place is sent, once the typing settled: never the street, nor each keystroke.
    expect(quoted.map((c) => new URLSearchParams(c.search).get("place"))).toEqual(["New York, NY"]);
    await user.click(within(dialog).getByRole("button", { name: "Hail now" }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    const post = await waitFor(() => {
      const found = calls.find((c) => c.method === "POST" && c.path === "/hails");
      expect(found).toBeTruthy();
      return found;
    });
    expect(post?.body).toMatchObject({
      location: "350 5th Ave, New York, NY",
      lat: 40.7128,
      lng: -74.006,
    });
  });

  it("says when a typed place cannot be found", async () => {
    api({
      quoteAnswer: apiFailure(400, "validation_failed", HAIL_ADDRESS_NOT_FOUND_MESSAGE),
    });
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Address *"), "1 Main St, Atlantis, XX");
    const price = within(dialog).getByRole("region", { name: "Price" });
    expect(await within(price).findByText(HAIL_ADDRESS_NOT_FOUND_MESSAGE)).toBeTruthy();
  });
});
