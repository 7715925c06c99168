import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { Toaster } from "sonner";
import type { BookingCard, BookingDetail } from "../../contracts/bookings.ts";
import type { PublicProfile } from "../../contracts/profiles.ts";
import { toastApiError } from "../lib/api-errors.ts";

// Shared by the bookings component tests: answers in the contracts' shapes.

export const CREATOR_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
export const BOOKING_ID = "3f2b8a1c-5d6e-4f70-8a9b-0c1d2e3f4a5b";

export const creatorProfile: PublicProfile = {
  id: CREATOR_ID,
  name: "Maya Chen",
  specialty: "Wedding",
  specialties: ["Wedding"],
  type: "photographer",
  city: "Brooklyn, NY",
  avatarKey: null,
  coverKey: null,
  rating: 4.9,
  reviewCount: 12,
  hourlyRateCents: 15_000,
  availableNow: true,
  bio: null,
  jobsCompleted: 40,
  portfolioCount: 0,
  gallery: [],
  reviews: [],
};

export const signedInSession = {
  user: {
    id: "u1",
    name: "Cleo Client",
    email: "cleo@example.com",
    emailVerified: true,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
  session: {
    id: "s1",
    userId: "u1",
    token: "t",
    expiresAt: "2027-01-01T00:00:00.000Z",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
};

export function bookingCard(overrides: Partial<BookingCard> = {}): BookingCard {
  return {
    id: BOOKING_ID,
    status: "pending",
    viewerRole: "client",
    creator: { id: CREATOR_ID, name: "Maya Chen", imageKey: null },
    clientName: "Cleo Client",
    eventType: "Wedding",
    startTime: "2026-12-05T14:00:00.000Z",
    endTime: "2026-12-05T17:00:00.000Z",
    timeZone: "America/New_York",
    location: "1 Main St, Brooklyn, NY 11201",
    totalCents: 47_250,
    currency: "USD",
    respondBy: null,
    payBy: null,
    remainderState: "held",
    actions: [],
    creatorEarnings: null,
    afterSession: null,
    ...overrides,
  };
}

export function bookingDetail(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return {
    ...bookingCard(),
    hours: 3,
    notes: "Golden hour portraits",
    hourlyRateCents: 15_000,
    subtotalCents: 45_000,
    feeCents: 2_250,
    depositCents: 13_500,
    remainderCents: 33_750,
    payment: {
      depositPaidCents: 13_500,
      remainderCapturedCents: 0,
      refundedCents: 0,
      refundDueCents: 0,
      holdCents: 33_750,
      netPaidCents: 13_500,
    },
    remainder: {
      opensAt: "2026-12-04T19:00:00.000Z",
      dueBy: "2026-12-05T14:00:00.000Z",
      mode: "hold",
    },
    problemReportedAt: null,
    problemResolution: null,
    ledger: [
      {
        kind: "authorization",
        amountCents: 47_250,
        status: "CREATED",
        at: "2026-11-23T15:00:00.000Z",
      },
      {
        kind: "deposit_capture",
        amountCents: 13_500,
        status: "COMPLETED",
        at: "2026-11-23T15:00:01.000Z",
      },
    ],
    timeline: [
      {
        fromStatus: null,
        toStatus: "pending_payment",
        actor: "client",
        note: null,
        at: "2026-11-23T14:59:00.000Z",
      },
      {
        fromStatus: "pending_payment",
        toStatus: "pending",
        actor: "system",
        note: null,
        at: "2026-11-23T15:00:01.000Z",
      },
    ],
    cancellation: {
      policy: [
        "Cancel 7 days or more before the session: the deposit is refunded in full.",
        "Cancel 2 to 7 days before: half the deposit is refunded.",
      ],
      refundNowCents: 13_500,
    },
    ...overrides,
  };
}

/** The component under test inside a fresh query cache and a router with a booking page. */
export function renderWithApp(ui: ReactNode, path = "/bookings") {
  // As the app's cache (web/lib/query-client.ts): a mutation's errorTitle becomes its toast.
  const client = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        if (mutation.meta?.errorTitle) toastApiError(error, mutation.meta.errorTitle);
      },
    }),
    defaultOptions: { queries: { retry: false } },
  });
  return {
    client,
    wrapper: (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/bookings" element={ui} />
            <Route path="/bookings/:id" element={<BookingPageProbe />} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    ),
  };
}

function BookingPageProbe() {
  return <p>Booking page</p>;
}
