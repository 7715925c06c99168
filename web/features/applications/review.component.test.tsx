import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Application, ApplicationListResponse } from "../../../contracts/applications.ts";
import AdminApplicationDetailScreen from "../../routes/admin-application-detail.tsx";
import AdminApplicationsScreen from "../../routes/admin-applications.tsx";
import {
  APPLICATION_ID,
  application,
  listItem,
  screenCalls,
  showStaffScreen,
} from "../../test/admin-fixtures.tsx";
import { apiFailure } from "../../test/fake-api.ts";
import { resetScreen } from "../../test/screen-fixtures.tsx";

// Staff review creator applications: the queue and one application (spec §2 Admin).

afterEach(resetScreen);

const LIST = { route: "/admin/applications" };
const DETAIL = { route: "/admin/applications/:id", path: `/admin/applications/${APPLICATION_ID}` };

const pia = application();
const ben = application({
  id: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
  fullName: "Ben Approved",
  email: "ben@example.com",
  city: null,
  status: "approved",
});
const queue = (items: Application[], total = items.length): ApplicationListResponse => ({
  items: items.map(listItem),
  total,
  counts: [
    { status: "pending", count: 3 },
    { status: "under_review", count: 1 },
    { status: "approved", count: 20 },
  ],
});

const cardCount = (label: string) =>
  screen.getByRole("button", { name: new RegExp(`^${label}`) }).textContent?.replace(label, "");

describe("the applications queue", () => {
  it("counts by status, filters from a card or the select, searches and pages", async () => {
    const { calls, user } = showStaffScreen(<AdminApplicationsScreen />, LIST, (call) =>
      call.path === "/admin/applications" ? queue([pia, ben], 45) : undefined,
    );
    expect(await screen.findByText("Pia Photographer")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Creator Applications" })).toBeTruthy();
    expect(cardCount("Total")).toBe("24");
    expect(cardCount("Pending")).toBe("3");
    expect(cardCount("Denied")).toBe("0");
    expect(screenCalls(calls)[0]?.search).toBe("?page=1&pageSize=20");

    const rows = within(screen.getByRole("list", { name: "Applications" }));
    expect(rows.getByText("Austin, TX · Applied Nov 20, 2026")).toBeTruthy();
    expect(rows.getByRole("link", { name: "View Pia Photographer" }).getAttribute("href")).toBe(
      `/admin/applications/${APPLICATION_ID}`,
    );
    // Only an undecided application can be approved or denied from the list.
    expect(rows.getAllByRole("button", { name: /Approve/ })).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: /^Pending/ }));
    await waitFor(() => expect(screenCalls(calls).at(-1)?.search).toContain("status=pending"));
    expect(screen.getByRole("button", { name: /^Pending/ }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Status filter" }), "all");
    await user.click(screen.getByRole("button", { name: "3" }));
    await waitFor(() => expect(screenCalls(calls).at(-1)?.search).toBe("?page=3&pageSize=20"));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search applications" }), {
      target: { value: " pia " },
    });
    await waitFor(() =>
      expect(screenCalls(calls).at(-1)?.search).toBe("?page=1&pageSize=20&q=pia"),
    );
  });

  it("approves from the list, and denies after confirming, with the reason typed there", async () => {
    const { calls, user } = showStaffScreen(<AdminApplicationsScreen />, LIST, (call) => {
      if (call.path === "/admin/applications") return queue([pia]);
      if (call.path.endsWith("/approve"))
        return {
          application: { ...pia, status: "approved" },
          warnings: ["The welcome email could not be sent"],
        };
      if (call.path.endsWith("/deny")) return { application: { ...pia, status: "denied" } };
      return undefined;
    });
    await screen.findByText("Pia Photographer");
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Application approved successfully!")).toBeTruthy();
    expect(screen.getByText("The welcome email could not be sent")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Deny" }));
    const dialog = await screen.findByRole("dialog", { name: "Deny Application" });
    expect(
      within(dialog).getByText(
        "Are you sure you want to deny Pia Photographer's application? This action cannot be undone.",
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Portfolio too thin");
    await user.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await screen.findByText("Application denied successfully!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screenCalls(calls).filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: `/admin/applications/${APPLICATION_ID}/approve`, body: undefined },
      {
        method: "POST",
        path: `/admin/applications/${APPLICATION_ID}/deny`,
        body: { reason: "Portfolio too thin" },
      },
    ]);
  });

  it("an empty queue, and a failed approval, say so", async () => {
    showStaffScreen(<AdminApplicationsScreen />, LIST, (call) =>
      call.path === "/admin/applications" ? queue([]) : undefined,
    );
    expect(await screen.findByText("No applications found")).toBeTruthy();
    resetScreen();
    const { user } = showStaffScreen(<AdminApplicationsScreen />, LIST, (call) => {
      if (call.path === "/admin/applications") return queue([pia]);
      if (call.path.endsWith("/approve"))
        return apiFailure(409, "conflict", "Already decided by someone else");
      return undefined;
    });
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Failed to approve application")).toBeTruthy();
    expect(screen.getByText("Already decided by someone else")).toBeTruthy();
  });
});

describe("one application", () => {
  it("opening it puts it under review; shows contact, background and samples; denies with the typed reason", async () => {
    let current = application({
      sampleImages: [{ key: "s1", url: "/media/s1.jpg", thumbUrl: "/media/s1-thumb.jpg" }],
    });
    const { calls, user } = showStaffScreen(<AdminApplicationDetailScreen />, DETAIL, (call) => {
      if (call.path.endsWith("/deny"))
        current = { ...current, status: "denied", denialReason: "Not yet" };
      return call.path.startsWith(`/admin/applications/${APPLICATION_ID}`)
        ? { application: current }
        : undefined;
    });
    expect(await screen.findByRole("heading", { name: "Pia Photographer" })).toBeTruthy();
    expect(screenCalls(calls)[0]).toMatchObject({
      method: "POST",
      path: `/admin/applications/${APPLICATION_ID}/open`,
    });
    expect(screen.getByText("Under Review")).toBeTruthy();
    expect(screen.getByRole("link", { name: /pia@example.com/ }).getAttribute("href")).toBe(
      "mailto:pia@example.com",
    );
    expect(screen.getByText("pia.example.com/work")).toBeTruthy();
    expect(screen.getByText("25 miles")).toBeTruthy();
    expect(screen.getByText("Wedding")).toBeTruthy();
    expect(screen.getByText("Ten years of weddings.")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Sample 1 from Pia Photographer" })).toBeTruthy();

    await user.type(screen.getByLabelText("Denial reason (optional)"), "Not yet");
    await user.click(screen.getByRole("button", { name: "Deny" }));
    const dialog = await screen.findByRole("dialog", { name: "Deny Application" });
    // The reason was typed on the page: the dialog only confirms.
    expect(within(dialog).queryByLabelText("Reason (optional)")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await screen.findByText("Application denied successfully!")).toBeTruthy();
    expect(screenCalls(calls).find((c) => c.path.endsWith("/deny"))?.body).toEqual({
      reason: "Not yet",
    });
    // Decided: the new status arrives and the actions go.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve" })).toBeNull());
    expect(screen.getByText("Not yet")).toBeTruthy();
  });

  it("a decided application offers no actions; a missing one goes back to the list with a toast", async () => {
    showStaffScreen(<AdminApplicationDetailScreen />, DETAIL, (call) =>
      call.path.startsWith("/admin/applications/")
        ? { application: application({ status: "approved" }) }
        : undefined,
    );
    expect(await screen.findByText("Approved")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Deny" })).toBeNull();
    resetScreen();
    showStaffScreen(<AdminApplicationDetailScreen />, DETAIL, (call) =>
      call.path.startsWith("/admin/applications/")
        ? apiFailure(404, "not_found", "Application not found")
        : undefined,
    );
    expect(await screen.findByText("At /admin/applications")).toBeTruthy();
    expect(screen.getByText("Failed to load application")).toBeTruthy();
    expect(screen.getByText("Application not found")).toBeTruthy();
  });
});
