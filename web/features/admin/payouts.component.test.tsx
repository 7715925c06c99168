import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminPayout, AdminPayoutsResponse } from "../../../contracts/payouts.ts";
import AdminPayoutsScreen from "../../routes/admin-payouts.tsx";
import { CREATOR_PROFILE_ID, screenCalls, showStaffScreen } from "../../test/admin-fixtures.tsx";
import { apiFailure } from "../../test/fake-api.ts";
import { resetScreen } from "../../test/screen-fixtures.tsx";

// The staff payouts screen (web/features/earnings/staff-payouts.tsx) as the back office shows it.

afterEach(resetScreen);

const PAYOUTS = { route: "/admin/payouts" };

const payout = (overrides: Partial<AdminPayout>): AdminPayout => ({
  id: crypto.randomUUID(),
  bookingId: crypto.randomUUID(),
  bookingLabel: "Wedding · Dec 5, 2026",
  amountCents: 36_000,
  method: "direct_deposit",
  status: "manual_pending",
  dueAt: "2026-12-12T12:00:00.000Z",
  paidAt: null,
  failureReason: null,
  creatorProfileId: CREATOR_PROFILE_ID,
  creatorName: "Maya Chen",
  receiverEmail: null,
  bankAccountLast4: "4321",
  attempt: 1,
  providerStatus: null,
  ...overrides,
});

describe("staff payouts", () => {
  it("marks a manual payout sent, retries a failure, and lists recent ones", async () => {
    const manual = payout({});
    const failed = payout({
      creatorName: "Leo Lens",
      method: "paypal",
      receiverEmail: "leo@example.com",
      status: "failed",
      failureReason: "Receiver account is locked",
    });
    let lists: AdminPayoutsResponse = { manual: [manual], failed: [failed], recent: [] };
    const { calls, user } = showStaffScreen(<AdminPayoutsScreen />, PAYOUTS, (call) => {
      if (call.path === "/admin/payouts") return lists;
      if (call.path === `/admin/payouts/${manual.id}/mark-sent`) {
        const sent = { ...manual, status: "sent" as const };
        lists = { ...lists, manual: [], recent: [sent] };
        return { payout: sent };
      }
      if (call.path === `/admin/payouts/${failed.id}/retry`)
        return { payout: { ...failed, failureReason: "Still locked" } };
      return undefined;
    });
    expect(await screen.findByText("Maya Chen")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Payouts" })).toBeTruthy();
    expect(screen.getByText("Direct deposit · Account ending 4321")).toBeTruthy();
    expect(screen.getByText("$360.00")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "To send" }).getAttribute("aria-selected")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Mark sent" }));
    expect(await screen.findByText("Payout marked as sent")).toBeTruthy();
    expect(await screen.findByText("No payouts waiting to be sent.")).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: "Failures" }));
    expect(screen.getByText("PayPal · leo@example.com")).toBeTruthy();
    expect(screen.getByText("Receiver account is locked")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("The payout failed again")).toBeTruthy();
    expect(screen.getByText("Still locked")).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: "Recent" }));
    const recent = screen.getByRole("tabpanel");
    expect(within(recent).getByText("sent")).toBeTruthy();
    expect(within(recent).queryByRole("button")).toBeNull();

    expect(screenCalls(calls).filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: `/admin/payouts/${manual.id}/mark-sent`, body: { reason: null } },
      { method: "POST", path: `/admin/payouts/${failed.id}/retry`, body: {} },
    ]);
  });

  it("invites a creator to VIP and says why a change was refused", async () => {
    const tiers = [
      {
        creatorProfileId: CREATOR_PROFILE_ID,
        creatorName: "Maya Chen",
        tier: "pro" as const,
        vip: false,
        jobsCompleted: 42,
        rating: 4.875,
        computedOn: "2026-11-26",
      },
    ];
    let refuse = false;
    const { calls, user } = showStaffScreen(<AdminPayoutsScreen />, PAYOUTS, (call) => {
      if (call.path === "/admin/payouts") return { manual: [], failed: [], recent: [] };
      if (call.path === "/admin/tiers") return { items: tiers };
      if (call.path === `/admin/tiers/${CREATOR_PROFILE_ID}/vip`)
        return refuse ? apiFailure(403, "forbidden", "Super admins only") : { tier: "vip" };
      return undefined;
    });
    expect(await screen.findByText("No payouts waiting to be sent.")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Tiers" }));
    expect(await screen.findByText("42 completed · rating 4.88")).toBeTruthy();
    expect(screen.getByText("Pro")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Invite to VIP" }));
    expect(await screen.findByText("Invited to VIP")).toBeTruthy();
    await waitFor(() =>
      expect(screenCalls(calls).find((c) => c.method === "PUT")).toEqual({
        method: "PUT",
        path: `/admin/tiers/${CREATOR_PROFILE_ID}/vip`,
        body: { vip: true, reason: null },
      }),
    );
    refuse = true;
    await user.click(screen.getByRole("button", { name: "Invite to VIP" }));
    expect(await screen.findByText("Could not change the tier")).toBeTruthy();
    expect(screen.getByText("Super admins only")).toBeTruthy();
  });

  it("says when the payouts cannot be loaded", async () => {
    showStaffScreen(<AdminPayoutsScreen />, PAYOUTS, (call) =>
      call.path === "/admin/payouts" ? apiFailure(500, "internal", "Boom") : undefined,
    );
    expect(await screen.findByText("We could not load the payouts.")).toBeTruthy();
  });
});
