import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AdminPeriod,
  ZAdminAuditPage,
  ZAdminBookingDetail,
  ZAdminBookingsPage,
  ZAdminFigures,
  ZAdminUserResponse,
  ZAdminUsersPage,
  ZProblemsResponse,
} from "../../../contracts/back-office.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { toastApiError } from "../../lib/api-errors.ts";
import { toast } from "../../lib/toast.ts";

const backOfficeKeys = {
  all: ["admin", "back-office"] as const,
  figures: (period: AdminPeriod) => ["admin", "back-office", "figures", period] as const,
  bookings: (query: string) => ["admin", "back-office", "bookings", query] as const,
  booking: (id: string) => ["admin", "back-office", "booking", id] as const,
  problems: ["admin", "back-office", "problems"] as const,
  users: (query: string) => ["admin", "back-office", "users", query] as const,
  audit: (query: string) => ["admin", "back-office", "audit", query] as const,
};

/** The query string of the defined, non-empty values. */
function queryString(params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== "") search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export function useFigures(period: AdminPeriod) {
  return useQuery({
    queryKey: backOfficeKeys.figures(period),
    queryFn: ({ signal }) =>
      apiRequest("GET", `/admin/figures?period=${period}`, ZAdminFigures, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Could not load the figures" },
  });
}

export function useAdminBookings(params: { q?: string; status?: string; page: number }) {
  const qs = queryString(params);
  return useQuery({
    queryKey: backOfficeKeys.bookings(qs),
    queryFn: ({ signal }) =>
      apiRequest("GET", `/admin/bookings${qs}`, ZAdminBookingsPage, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Could not load bookings" },
  });
}

export function useAdminBooking(id: string) {
  return useQuery({
    queryKey: backOfficeKeys.booking(id),
    queryFn: ({ signal }) =>
      apiRequest("GET", `/admin/bookings/${id}`, ZAdminBookingDetail, { signal }),
    retry: false,
  });
}

export function useProblems() {
  return useQuery({
    queryKey: backOfficeKeys.problems,
    queryFn: ({ signal }) => apiRequest("GET", "/admin/problems", ZProblemsResponse, { signal }),
    meta: { errorTitle: "Could not load reported problems" },
  });
}

export function useAdminUsers(params: { q?: string; page: number }) {
  const qs = queryString(params);
  return useQuery({
    queryKey: backOfficeKeys.users(qs),
    queryFn: ({ signal }) => apiRequest("GET", `/admin/users${qs}`, ZAdminUsersPage, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Could not load users" },
  });
}

export function useAudit(params: {
  action?: string;
  targetType?: string;
  targetId?: string;
  page: number;
}) {
  const qs = queryString(params);
  return useQuery({
    queryKey: backOfficeKeys.audit(qs),
    queryFn: ({ signal }) => apiRequest("GET", `/admin/audit${qs}`, ZAdminAuditPage, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Could not load the audit log" },
  });
}

/** Deactivates (with a reason) or reactivates a user; owns its toasts. */
export function useUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; name: string; reason?: string }) =>
      apiRequest(
        "POST",
        `/admin/users/${encodeURIComponent(id)}/${reason === undefined ? "reactivate" : "deactivate"}`,
        ZAdminUserResponse,
        { body: reason === undefined ? {} : { reason } },
      ),
    onSuccess: ({ user }, { name }) =>
      toast.success(
        user.deactivated ? `${name} is deactivated and signed out` : `${name} is active again`,
      ),
    onError: (error, { reason }) =>
      toastApiError(error, reason === undefined ? "Could not reactivate" : "Could not deactivate"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}
