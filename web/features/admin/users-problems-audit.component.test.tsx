import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminUser, Problem } from "../../../contracts/back-office.ts";
import AdminAuditScreen from "../../routes/admin-audit.tsx";
import AdminProblemsScreen from "../../routes/admin-problems.tsx";
import AdminUsersScreen from "../../routes/admin-users.tsx";
import {
  adminUser,
  auditEntry,
  pageOf,
  screenCalls,
  showStaffScreen,
} from "../../test/admin-fixtures.tsx";
import { apiFailure } from "../../test/fake-api.ts";
import { resetScreen } from "../../test/screen-fixtures.tsx";

afterEach(resetScreen);

const rowOf = (name: string) => {
  const item = screen.getByText(name).closest("li");
  if (!item) throw new Error(`No row for ${name}`);
  return within(item);
};

describe("staff manage users", () => {
  const creator = adminUser({
    id: "u-creator",
    name: "Maya Chen",
    email: "maya@example.com",
    role: "creator",
  });
  const gone = adminUser({
    id: "u-gone",
    name: "Gus Gone",
    email: "gus@example.com",
    deactivated: { reason: "Fraud", at: "2026-11-01T12:00:00.000Z", byName: "Sam Staff" },
  });
  const staff = adminUser({ id: "u-staff", name: "Sam Staff", role: "staff" });

  function serveUsers(answer: (user: AdminUser, deactivate: boolean) => unknown) {
    let users = [creator, gone, staff];
    return showStaffScreen(<AdminUsersScreen />, { route: "/admin/users" }, (call) => {
      if (call.path === "/admin/users") return pageOf(users);
      const [, , , id, action] = call.path.split("/");
      const target = users.find((u) => u.id === id);
      if (call.method !== "POST" || !target) return undefined;
      const reply = answer(target, action === "deactivate");
      if (!(reply instanceof Response))
        users = users.map((u) => (u.id === id ? (reply as { user: AdminUser }).user : u));
      return reply;
    });
  }

  it("shows each account's role and state; staff accounts have no actions", async () => {
    serveUsers(() => undefined);
    expect(await screen.findByText("Maya Chen")).toBeTruthy();
    expect(rowOf("Maya Chen").getByText("Creator")).toBeTruthy();
    expect(rowOf("Maya Chen").getByText("Active")).toBeTruthy();
    expect(rowOf("Maya Chen").getByRole("link", { name: "History" }).getAttribute("href")).toBe(
      "/admin/audit?targetType=user&targetId=u-creator",
    );
    expect(rowOf("Gus Gone").getByText("Deactivated")).toBeTruthy();
    expect(rowOf("Gus Gone").getByText(/by Sam Staff: Fraud/)).toBeTruthy();
    expect(rowOf("Gus Gone").getByRole("button", { name: "Reactivate" })).toBeTruthy();
    expect(rowOf("Sam Staff").queryByRole("button")).toBeNull();
  });

  it("deactivating asks for a reason first, then sends it; reactivating sends at once", async () => {
    const { calls, user } = serveUsers((target, deactivate) => ({
      user: {
        ...target,
        deactivated: deactivate
          ? { reason: "Spam", at: "2026-11-27T12:00:00.000Z", byName: "Sam Staff" }
          : null,
      },
    }));
    await screen.findByText("Maya Chen");
    await user.click(rowOf("Maya Chen").getByRole("button", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate account" });
    expect(within(dialog).getByText(/Their profile leaves search and the map/)).toBeTruthy();
    const confirm = within(dialog).getByRole("button", { name: "Deactivate" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await user.type(within(dialog).getByLabelText(/Reason/), "  Spam  ");
    await user.click(confirm);
    expect(await screen.findByText("Maya Chen is deactivated and signed out")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screenCalls(calls).filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: "/admin/users/u-creator/deactivate", body: { reason: "Spam" } },
    ]);

    await user.click(rowOf("Gus Gone").getByRole("button", { name: "Reactivate" }));
    expect(await screen.findByText("Gus Gone is active again")).toBeTruthy();
    expect(
      screenCalls(calls)
        .filter((c) => c.method === "POST")
        .at(-1),
    ).toEqual({
      method: "POST",
      path: "/admin/users/u-gone/reactivate",
      body: {},
    });
    // The list is read again after each change.
    await waitFor(() => expect(rowOf("Gus Gone").getByText("Active")).toBeTruthy());
  });

  it("a refused change says why and keeps the dialog open", async () => {
    const { user } = serveUsers(() => apiFailure(409, "conflict", "Already deactivated"));
    await screen.findByText("Maya Chen");
    await user.click(rowOf("Maya Chen").getByRole("button", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Reason/), "Spam");
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("Could not deactivate")).toBeTruthy();
    expect(screen.getByText("Already deactivated")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("a search opened from a link is in the box and the request", async () => {
    const { calls } = showStaffScreen(
      <AdminUsersScreen />,
      { route: "/admin/users", path: "/admin/users?q=maya%40example.com" },
      (call) => (call.path === "/admin/users" ? pageOf([]) : undefined),
    );
    expect(await screen.findByText("No users found")).toBeTruthy();
    expect(
      (screen.getByRole("searchbox", { name: "Search users" }) as HTMLInputElement).value,
    ).toBe("maya@example.com");
    expect(screenCalls(calls)[0]?.search).toBe("?q=maya%40example.com&page=1");
  });
});

const problem = (overrides: Partial<Problem>): Problem => ({
  kind: "delivery_dispute",
  key: crypto.randomUUID(),
  title: "Photos disputed",
  detail: "Half the photos are blurry",
  reportedAt: "2026-11-26T12:00:00.000Z",
  open: true,
  link: "/bookings/b1/photos",
  ...overrides,
});

describe("reported problems", () => {
  it("shows open problems by default, each linking to where staff handle it; resolved and all on demand", async () => {
    const items = [
      problem({}),
      problem({ kind: "conversation_report", title: "Rude messages", link: "/admin/reports/r1" }),
      problem({ kind: "booking_problem", title: "No-show", open: false }),
      problem({ kind: "repeat_canceller", title: "Cleo cancelled 4 hails", link: null }),
    ];
    const { calls, user } = showStaffScreen(
      <AdminProblemsScreen />,
      { route: "/admin/problems" },
      (call) => (call.path === "/admin/problems" ? { items } : undefined),
    );
    expect(await screen.findByText("3 open")).toBeTruthy();
    const list = () => screen.getByRole("list", { name: "Reported problems" });
    expect(within(list()).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list()).getByText("Delivery dispute")).toBeTruthy();
    expect(within(list()).getByText("Repeat hail cancels")).toBeTruthy();
    expect(
      within(list())
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/bookings/b1/photos", "/admin/reports/r1"]);
    expect(within(list()).queryByText("No-show")).toBeNull();

    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "resolved");
    expect(within(list()).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list()).getByText("No-show")).toBeTruthy();
    expect(within(list()).getByText("Resolved")).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "all");
    expect(within(list()).getAllByRole("listitem")).toHaveLength(4);
    // Filtering is the screen's own: one request.
    expect(screenCalls(calls)).toHaveLength(1);
  });

  it("nothing reported, and a failure shown through the one error path", async () => {
    showStaffScreen(<AdminProblemsScreen />, { route: "/admin/problems" }, (call) =>
      call.path === "/admin/problems" ? { items: [] } : undefined,
    );
    expect(await screen.findByText("Nothing reported")).toBeTruthy();
    resetScreen();
    showStaffScreen(<AdminProblemsScreen />, { route: "/admin/problems" }, (call) =>
      call.path === "/admin/problems" ? apiFailure(500, "internal", "Boom") : undefined,
    );
    expect(await screen.findByText("Could not load reported problems")).toBeTruthy();
  });
});

describe("the audit log", () => {
  it("shows who did what to what and why; filters by action and target, kept in the address", async () => {
    const entries = [
      auditEntry({ id: "1" }),
      auditEntry({ id: "2", action: "payout.resend", reason: null, targetType: "payout" }),
    ];
    const { calls, user } = showStaffScreen(
      <AdminAuditScreen />,
      { route: "/admin/audit", path: "/admin/audit?targetType=user&targetId=u-client" },
      (call) => (call.path === "/admin/audit" ? pageOf(entries) : undefined),
    );
    const list = await screen.findByRole("list", { name: "Audit entries" });
    expect(within(list).getByText("Deactivated a user")).toBeTruthy();
    // An action without words of its own shows as written.
    expect(within(list).getByText("payout.resend")).toBeTruthy();
    expect(within(list).getAllByText(/By Sam Staff \(sam@shutterhail.test\)/)).toHaveLength(2);
    expect(within(list).getByText("Reason: Repeated no-shows")).toBeTruthy();
    expect(screenCalls(calls)[0]?.search).toBe("?targetType=user&targetId=u-client&page=1");

    await user.click(screen.getByRole("button", { name: /Only u-client/ }));
    await waitFor(() => expect(screenCalls(calls).at(-1)?.search).toBe("?targetType=user&page=1"));
    expect(screen.queryByRole("button", { name: /Only u-client/ })).toBeNull();

    await user.selectOptions(screen.getByRole("combobox", { name: "Action" }), "review.hide");
    await waitFor(() =>
      expect(screenCalls(calls).at(-1)?.search).toBe("?action=review.hide&targetType=user&page=1"),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Target" }), "");
    await waitFor(() =>
      expect(screenCalls(calls).at(-1)?.search).toBe("?action=review.hide&page=1"),
    );
  });

  it("says when no staff action is recorded", async () => {
    showStaffScreen(<AdminAuditScreen />, { route: "/admin/audit" }, (call) =>
      call.path === "/admin/audit" ? pageOf([]) : undefined,
    );
    expect(await screen.findByText("No staff actions recorded")).toBeTruthy();
  });
});
