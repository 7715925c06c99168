import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AdminReviewsFilter,
  bookingReviewsApiPath,
  type SubmitReviewRequest,
  ZAdminReviewResponse,
  ZAdminReviewsResponse,
  ZBookingReviews,
} from "../../../contracts/reviews.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";

export const reviewKeys = {
  all: ["reviews"] as const,
  booking: (id: string) => ["reviews", "booking", id] as const,
  staff: (filter: AdminReviewsFilter) => ["reviews", "staff", filter] as const,
};

export function useBookingReviews(bookingId: string) {
  return useQuery({
    queryKey: reviewKeys.booking(bookingId),
    queryFn: ({ signal }) =>
      apiRequest("GET", bookingReviewsApiPath(bookingId), ZBookingReviews, { signal }),
    retry: false,
    // The other side may submit meanwhile: the page shows both once they publish.
    refetchInterval: 30_000,
  });
}

export function useSubmitReview(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitReviewRequest) =>
      apiRequest("POST", bookingReviewsApiPath(bookingId), ZBookingReviews, { body }),
    meta: { errorTitle: "Your review could not be submitted" },
    onSuccess: (reviews) => {
      client.setQueryData(reviewKeys.booking(bookingId), reviews);
      toast.success(reviews.state === "published" ? "Reviews published" : "Review submitted");
    },
  });
}

export function useReply(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest("POST", `${bookingReviewsApiPath(bookingId)}/reply`, ZBookingReviews, {
        body: { text },
      }),
    meta: { errorTitle: "Your reply could not be posted" },
    onSuccess: (reviews) => {
      client.setQueryData(reviewKeys.booking(bookingId), reviews);
      toast.success("Reply posted");
    },
  });
}

export function useStaffReviews(filter: AdminReviewsFilter) {
  const params = new URLSearchParams({ status: filter.status, page: String(filter.page) });
  if (filter.q) params.set("q", filter.q);
  return useQuery({
    queryKey: reviewKeys.staff(filter),
    queryFn: ({ signal }) =>
      apiRequest("GET", `/admin/reviews?${params}`, ZAdminReviewsResponse, { signal }),
    meta: { errorTitle: "Failed to load reviews" },
    placeholderData: (previous) => previous,
  });
}

/** Hide (with a reason) or show again; the list reloads either way. */
export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
      apiRequest(
        "POST",
        `/admin/reviews/${id}/${reason === null ? "unhide" : "hide"}`,
        ZAdminReviewResponse,
        { body: reason === null ? {} : { reason } },
      ),
    meta: { errorTitle: "The review could not be changed" },
    onSuccess: ({ review }) =>
      toast.success(review.hidden ? "Review hidden" : "Review shown again"),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
