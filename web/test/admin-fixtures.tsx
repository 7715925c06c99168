import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { vi } from "vitest";
import type { AdminMe } from "../../contracts/accounts.ts";
import type { AdminNotificationsResponse } from "../../contracts/admin-notifications.ts";
import type { Application, ApplicationListItem } from "../../contracts/applications.ts";
import type {
  AdminBookingDetail,
  AdminBookingRow,
  AdminUser,
  AuditEntry,
} from "../../contracts/back-office.ts";
import { signedInSession } from "./booking-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "./fake-api.ts";
import { type ScreenAt, SilentEventSource, screenAt } from "./screen-fixtures.tsx";

// Shared by the back-office component tests: staff answers in the contracts' shapes.

export const STAFF_ID = signedInSession.user.id;

export const adminMe: AdminMe = {
  userId: STAFF_ID,
  email: "sam@shutterhail.test",
  name: "Sam Staff",
  role: "super_admin",
  lastLoginAt: "2026-11-20T09:30:00.000Z",
};

export const noStaffNotifications: AdminNotificationsResponse = { items: [], unreadCount: 0 };

/** A page of a back-office list as the server answers it. */
export const pageOf = <T,>(items: T[], page = 1, total = items.length) => ({
  items,
  page,
  pageSize: 20,
  total,
});

export const BOOKING_ROW_ID = "5a1d7c2e-3b4f-4a6b-9c8d-7e6f5a4b3c2d";
export const CREATOR_PROFILE_ID = "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

export function adminBookingRow(overrides: Partial<AdminBookingRow> = {}): AdminBookingRow {
  return {
    id: BOOKING_ROW_ID,
    status: "confirmed",
    client: { userId: "u-client", name: "Cleo Client", email: "cleo@example.com" },
    creator: {
      userId: "u-creator",
      name: "Maya Chen",
      email: "maya@example.com",
      profileId: CREATOR_PROFILE_ID,
    },
    startTime: "2026-12-05T14:00:00.000Z",
    totalCents: 47_250,
    currency: "USD",
    createdAt: "2026-11-23T15:00:00.000Z",
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: "a-1",
    actor: { userId: STAFF_ID, name: "Sam Staff", email: "sam@shutterhail.test" },
    action: "user.deactivate",
    targetType: "user",
    targetId: "u-client",
    reason: "Repeated no-shows",
    at: "2026-11-24T10:00:00.000Z",
    ...overrides,
  };
}

export function adminBookingDetail(
  overrides: Partial<AdminBookingDetail> = {},
): AdminBookingDetail {
  return {
    ...adminBookingRow(),
    notes: "Golden hour portraits",
    hourlyRateCents: 15_000,
    subtotalCents: 45_000,
    feeCents: 2_250,
    depositCents: 13_500,
    remainderCents: 33_750,
    location: "1 Main St, Brooklyn, NY 11201",
    endTime: "2026-12-05T17:00:00.000Z",
    hours: 3,
    eventType: "Wedding",
    paymentProvider: "paypal",
    commissionPercent: 20,
    problemReportedAt: null,
    problemResolvedAt: null,
    completedAt: null,
    ledger: [
      {
        kind: "authorization",
        amountCents: 47_250,
        status: "CREATED",
        at: "2026-11-23T15:00:00.000Z",
        providerRef: "AUTH-1",
      },
      {
        kind: "refund",
        amountCents: 6_750,
        status: "COMPLETED",
        at: "2026-11-24T15:00:00.000Z",
        providerRef: "REF-1",
      },
    ],
    timeline: [
      {
        fromStatus: "pending",
        toStatus: "confirmed",
        actor: "creator",
        actorName: "Maya Chen",
        note: "See you there",
        at: "2026-11-23T16:00:00.000Z",
      },
    ],
    delivery: null,
    conversation: null,
    audit: [],
    ...overrides,
  };
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: "u-client",
    name: "Cleo Client",
    email: "cleo@example.com",
    role: "client",
    createdAt: "2026-01-10T12:00:00.000Z",
    deactivated: null,
    ...overrides,
  };
}

export const APPLICATION_ID = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

export function application(overrides: Partial<Application> = {}): Application {
  return {
    id: APPLICATION_ID,
    fullName: "Pia Photographer",
    email: "pia@example.com",
    phone: "+1 555 0100",
    city: "Austin, TX",
    portfolioUrl: "https://pia.example.com/work",
    experienceLevel: "professional",
    specialties: ["Portrait", "Wedding"],
    aboutMe: "Ten years of weddings.",
    travelRadius: 25,
    sampleImages: [],
    status: "under_review",
    reviewedBy: STAFF_ID,
    reviewedAt: "2026-11-21T10:00:00.000Z",
    decidedBy: null,
    decidedAt: null,
    denialReason: null,
    convertedAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
    ...overrides,
  };
}

export const listItem = (a: Application): ApplicationListItem => ({
  id: a.id,
  fullName: a.fullName,
  email: a.email,
  city: a.city,
  status: a.status,
  createdAt: a.createdAt,
});

/** What every back-office screen asks first: who is signed in, are they staff, the bell. */
function staffBasics(call: ApiCall): unknown {
  if (call.path === "/auth/get-session") return signedInSession;
  if (call.path === "/admin/me") return adminMe;
  if (call.path === "/admin/notifications" && call.method === "GET") return noStaffNotifications;
  if (call.path === "/admin/mail/failed") return { items: [] };
  return undefined;
}

/**
 * A back-office screen signed in as staff. `respond` answers first (null is an answer); the session, /admin/me,
 * an empty staff bell and no failed mail are answered when it returns undefined; anything
 * else is a 404.
 */
export function showStaffScreen(
  ui: ReactNode,
  at: ScreenAt,
  respond: (call: ApiCall) => unknown = () => undefined,
) {
  vi.stubGlobal("EventSource", SilentEventSource);
  const calls = fakeApi((call) => {
    const answer = respond(call);
    if (answer !== undefined) return answer;
    return staffBasics(call) ?? apiFailure(404, "not_found", "Not found");
  });
  const { client, wrapper } = screenAt(ui, at);
  render(wrapper);
  return { calls, client, user: userEvent.setup() };
}

/** The calls a screen made, without the session and staff checks every screen makes. */
export const screenCalls = (calls: ApiCall[]) =>
  calls.filter(
    (c) =>
      !["/auth/get-session", "/admin/me", "/admin/notifications", "/admin/mail/failed"].includes(
        c.path,
      ),
  );
