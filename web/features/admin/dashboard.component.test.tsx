import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminNotification } from "../../../contracts/admin-notifications.ts";
import type { AdminFigures } from "../../../contracts/back-office.ts";
import AdminDashboard from "../../routes/admin-dashboard.tsx";
import AdminUsersScreen from "../../routes/admin-users.tsx";
import { adminMe, pageOf, showStaffScreen } from "../../test/admin-fixtures.tsx";
import { apiFailure } from "../../test/fake-api.ts";
import { reachAuthClient, resetScreen } from "../../test/screen-fixtures.tsx";

afterEach(resetScreen);

const DASHBOARD = { route: "/admin" };

const figures = (period: AdminFigures["period"], bookings: number): AdminFigures => ({
  period,
  from: "2026-10-28T00:00:00.000Z",
  to: "2026-11-27T00:00:00.000Z",
  currency: "USD",
  activeCreators: 1_204,
  bookedCreators: 87,
  bookings,
  revenueCents: 1_234_550,
  platformFeeCents: 61_700,
  commissionCents: 120_000,
  weeks: [],
});

const staffNote = (overrides: Partial<AdminNotification>): AdminNotification => ({
  id: crypto.randomUUID(),
  kind: "application_submitted",
  title: "New application",
  body: "",
  link: null,
  createdAt: "2026-11-26T12:00:00.000Z",
  read: false,
  ...overrides,
});

const failedMail = (to: string) => ({
  id: to,
  to,
  subject: "Your booking",
  error: "550 mailbox unavailable",
  attempts: 5,
  createdAt: "2026-11-26T10:00:00.000Z",
  failedAt: "2026-11-26T11:00:00.000Z",
});

describe("the admin dashboard", () => {
  it("welcomes staff by role, shows the period's figures and the back office's sections", async () => {
    const { calls, user } = showStaffScreen(<AdminDashboard />, DASHBOARD, (call) =>
      call.path === "/admin/figures"
        ? call.search === "?period=7d"
          ? figures("7d", 9)
          : figures("30d", 342)
        : undefined,
    );
    expect(await screen.findByRole("heading", { name: "Welcome back, SUPER ADMIN" })).toBeTruthy();
    expect(screen.getByText("Super Admin")).toBeTruthy();
    expect(screen.getByText(/Signed in as sam@shutterhail.test/)).toBeTruthy();

    expect(await screen.findByText("342")).toBeTruthy();
    expect(screen.getByText("1,204")).toBeTruthy();
    expect(screen.getByText("Listed now; 87 booked in this period")).toBeTruthy();
    expect(screen.getByText("$12,345.50")).toBeTruthy();
    expect(screen.getByText("Platform share: $1,817.00 (fees and commission)")).toBeTruthy();
    expect(calls.find((c) => c.path === "/admin/figures")?.search).toBe("?period=30d");

    await user.selectOptions(screen.getByRole("combobox", { name: "Period" }), "7d");
    expect(await screen.findByText("9")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/admin/figures").at(-1)?.search).toBe("?period=7d");

    const nav = screen.getByRole("navigation", { name: "Back office" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual([
      "/admin/applications",
      "/admin/bookings",
      "/admin/payouts",
      "/admin/problems",
      "/admin/reviews",
      "/admin/users",
      "/admin/audit",
    ]);
    // No failed mail: no notice.
    expect(screen.queryByText(/could not be delivered/)).toBeNull();
  });

  it("lists mail the queue gave up on", async () => {
    showStaffScreen(<AdminDashboard />, DASHBOARD, (call) => {
      if (call.path === "/admin/figures") return figures("30d", 1);
      if (call.path === "/admin/mail/failed")
        return { items: [failedMail("a@example.com"), failedMail("b@example.com")] };
      return undefined;
    });
    expect(
      await screen.findByRole("heading", { name: "2 emails could not be delivered" }),
    ).toBeTruthy();
    expect(screen.getByText("a@example.com — Your booking (550 mailbox unavailable)")).toBeTruthy();
  });

  it("the staff bell counts unread notifications, opens one, and marks them read when closed", async () => {
    const notes = [
      staffNote({ title: "New application", body: "Pia applied", link: "/admin/applications/1" }),
      staffNote({ title: "Payout failed", read: true }),
    ];
    const { calls, user } = showStaffScreen(
      <AdminUsersScreen />,
      { route: "/admin/users" },
      (call) => {
        if (call.path === "/admin/users") return pageOf([]);
        if (call.path === "/admin/notifications" && call.method === "GET")
          return { items: notes, unreadCount: 1 };
        if (call.path === "/admin/notifications/read") return { unreadCount: 0 };
        return undefined;
      },
    );
    await user.click(await screen.findByRole("button", { name: "Notifications (1 unread)" }));
    const menu = await screen.findByRole("dialog", { name: "Notifications" });
    expect(within(menu).getByText("Pia applied")).toBeTruthy();
    expect(within(menu).getByText("Payout failed")).toBeTruthy();
    expect(within(menu).getAllByText("Unread:")).toHaveLength(1);
    // Closing after a look marks what was seen as read.
    await user.keyboard("{Escape}");
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    expect(calls.filter((c) => c.path === "/admin/notifications/read")).toEqual([
      { method: "POST", path: "/admin/notifications/read", body: {} },
    ]);
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    await user.click(await screen.findByRole("link", { name: /New application/ }));
    expect(await screen.findByText("At /admin/applications/1")).toBeTruthy();
  });
  it("signs staff out to the staff sign-in", async () => {
    let signedOut = false;
    const { calls, user } = showStaffScreen(<AdminDashboard />, DASHBOARD, (call) => {
      if (call.path === "/admin/figures") return figures("30d", 1);
      if (call.path === "/auth/sign-out") {
        signedOut = true;
        return { success: true };
      }
      if (call.path === "/auth/get-session" && signedOut) return null;
      return undefined;
    });
    reachAuthClient();
    await user.click(await screen.findByRole("button", { name: "Sign Out" }));
    expect(await screen.findByText("At /admin/login")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/auth/sign-out")).toMatchObject([{ method: "POST" }]);
  });
});

describe("the admin guard", () => {
  it.each([
    ["a signed-in user who is not staff", "forbidden"],
    ["staff without two-factor sign-in", "enrolment_required"],
    ["staff who must enter their code again", "two_factor_required"],
  ])("sends %s to the staff sign-in", async (_who, code) => {
    const { calls } = showStaffScreen(<AdminDashboard />, DASHBOARD, (call) =>
      call.path === "/admin/me" ? apiFailure(403, code, "No") : undefined,
    );
    expect(await screen.findByText("At /admin/login")).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(["/auth/get-session", "/admin/me"]);
  });

  it("signed out: to the staff sign-in without asking about staff", async () => {
    const { calls } = showStaffScreen(<AdminDashboard />, DASHBOARD, (call) =>
      call.path === "/auth/get-session" ? null : undefined,
    );
    expect(await screen.findByText("At /admin/login")).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(["/auth/get-session"]);
  });

  it("offers to try again when the check itself fails", async () => {
    let down = true;
    const { user } = showStaffScreen(<AdminDashboard />, DASHBOARD, (call) => {
      if (call.path === "/admin/me" && down) return apiFailure(503, "unavailable", "Down");
      if (call.path === "/admin/figures") return figures("30d", 1);
      return undefined;
    });
    expect(await screen.findByText("We could not check your admin access.")).toBeTruthy();
    down = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: /Welcome back/ })).toBeTruthy();
    expect(adminMe.role).toBe("super_admin");
  });
});
