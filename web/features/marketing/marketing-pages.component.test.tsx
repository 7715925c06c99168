import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { COMMISSION_TIERS, MARKETING } from "../../../contracts/constants.ts";
import BecomePhotographer from "../../routes/become-photographer.tsx";
import Home from "../../routes/home.tsx";
import HowItWorks from "../../routes/how-it-works.tsx";
import { type ApiCall, fakeApi } from "../../test/fake-api.ts";
import { AuthDialogProbe, resetScreen, screenAt } from "../../test/screen-fixtures.tsx";
import { closeAuthDialog } from "../accounts/auth-dialog-store.ts";

// The public pages (spec §2 Home, How it Works, Become a Photographer): the words and figures
// the spec gives, where each call to action leads, and the home search handing over to /search.

afterEach(() => {
  closeAuthDialog();
  resetScreen();
});

/** A public page for a signed-out visitor. */
function showPage(page: React.ReactNode, route: string) {
  const calls: ApiCall[] = fakeApi(() => null);
  render(
    screenAt(
      <>
        {page}
        <AuthDialogProbe />
      </>,
      { route },
    ).wrapper,
  );
  return { calls, user: userEvent.setup() };
}

const hrefOf = (name: string | RegExp) =>
  screen.getAllByRole("link", { name }).map((a) => a.getAttribute("href"));

describe("the home page", () => {
  it("searches by ZIP and service, refusing a ZIP that is not five digits", async () => {
    const { calls, user } = showPage(<Home />, "/");
    expect(
      screen.getByRole("heading", { level: 1, name: "Book a creator near you in minutes" }),
    ).toBeTruthy();
    const form = screen.getByRole("form", { name: "Search creators" });
    const zip = within(form).getByLabelText("ZIP code") as HTMLInputElement;
    await user.type(zip, "331");
    await user.click(within(form).getByRole("button", { name: "Search" }));
    // The browser's own check stops a short ZIP before the page sends anyone anywhere.
    expect(zip.validity.patternMismatch).toBe(true);
    expect(screen.queryByText(/^At /)).toBeNull();

    await user.type(zip, "39");
    expect(zip.validity.valid).toBe(true);
    await user.selectOptions(within(form).getByLabelText("Service"), "Videography");
    await user.click(within(form).getByRole("button", { name: "Search" }));
    expect(await screen.findByText("At /search?zip=33139&service=Videography")).toBeTruthy();
    // The home page itself asks the API nothing but who is signed in.
    expect(calls.every((c) => c.path === "/auth/get-session")).toBe(true);
  });

  it("shows the spec's figures and leads to search, the map, how it works and applying", async () => {
    const { user } = showPage(<Home />, "/");
    for (const value of [MARKETING.photographers, MARKETING.bookings, MARKETING.sessions]) {
      expect(screen.getAllByText(value).length).toBeGreaterThan(0);
    }
    expect(hrefOf(/^Photographers/)).toEqual(["/search?service=Photography"]);
    expect(hrefOf(/^Content Creators/)).toEqual(["/search?service=Content%20Creation"]);
    expect(hrefOf("Open the map")).toEqual(["/map"]);
    expect(hrefOf(/Learn how it works/)).toEqual(["/how-it-works"]);
    expect(hrefOf("Become a Photographer")).toEqual(["/become-photographer"]);
    expect(hrefOf("Apply Now")).toEqual(["/apply"]);
    expect(screen.getByText(/Typical earnings of \$100-\$500 per shoot/)).toBeTruthy();
    // Hailing needs an account: a signed-out visitor is asked to sign in.
    await user.click(await screen.findByRole("button", { name: /Hail/ }));
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();
  });
});

describe("How it Works", () => {
  it("walks through the four steps and leads to search and the map", () => {
    showPage(<HowItWorks />, "/how-it-works");
    expect(screen.getByRole("heading", { level: 1, name: "How it Works" })).toBeTruthy();
    for (const step of [
      "Find Photographers",
      "View Portfolios",
      "Book Instantly",
      "Secure and Protected",
    ]) {
      expect(screen.getByRole("heading", { name: new RegExp(step) })).toBeTruthy();
    }
    expect(hrefOf(/^Find Photographers/)[0]).toBe("/search");
    expect(hrefOf(/Creators Near You/)[0]).toBe("/map");
  });
});

describe("Become a Photographer", () => {
  it("shows every commission tier, what a creator keeps, and the ways to apply", async () => {
    const { user } = showPage(<BecomePhotographer />, "/become-photographer");
    expect(screen.getByRole("heading", { level: 1, name: /Become a Photographer/ })).toBeTruthy();
    for (const tier of COMMISSION_TIERS) {
      const card = screen.getByRole("heading", { name: tier.name }).closest("li")!;
      expect(within(card).getByText(`${tier.ratePercent}%`)).toBeTruthy();
      expect(
        within(card).getByText(`You keep ${100 - tier.ratePercent}% of every booking`),
      ).toBeTruthy();
      expect(within(card).getByText(tier.rule)).toBeTruthy();
    }
    expect(new Set(hrefOf(/Apply/))).toEqual(new Set(["/apply"]));
    expect(screen.getByRole("button", { name: "Coming Soon" }).hasAttribute("disabled")).toBe(true);
    // The FAQ answers open on demand.
    const question = screen.getByText("When do I get paid?");
    const details = question.closest("details")!;
    expect(details.open).toBe(false);
    await user.click(question);
    expect(details.open).toBe(true);
    expect(
      within(details).getByText(
        "Payouts are sent 24-48 hours after the final photos are delivered to the client.",
      ),
    ).toBeTruthy();
  });
});
