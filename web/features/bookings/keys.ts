// Query keys of bookings, apart from api.ts so that the header's badge (first page load) can
// share them without the API client and zod.

export const bookingKeys = {
  all: ["bookings"] as const,
  list: ["bookings", "list"] as const,
  detail: (id: string) => ["bookings", "detail", id] as const,
  openRequests: ["bookings", "open-requests"] as const,
  times: (creatorId: string, date: string, hours: number) =>
    ["booking-times", creatorId, date, hours] as const,
};
