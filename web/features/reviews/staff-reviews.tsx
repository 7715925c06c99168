import { type ReactNode, useState } from "react";
import {
  ADMIN_REVIEW_FILTERS,
  type AdminReview,
  ZAdminReviewsQuery,
} from "../../../contracts/reviews.ts";
import { PagedListCard, RefreshButton, SearchBox } from "../../components/ui/list-card.tsx";
import { BackLink, Container, PageHeading } from "../../components/ui/page.tsx";
import { useListParams } from "../../lib/use-list-params.ts";
import { useModerateReview, useStaffReviews } from "./api.ts";
import { HideDialog } from "./hide-dialog.tsx";
import { StaffReviewRow } from "./staff-review-row.tsx";

const FILTER_LABELS: Record<(typeof ADMIN_REVIEW_FILTERS)[number], string> = {
  all: "All Reviews",
  published: "Published",
  blind: "Blind",
  hidden: "Hidden",
};

/** Staff moderate reviews: newest first, by state, searched by creator or author. */
export function StaffReviews({ notifications }: { notifications?: ReactNode }) {
  const params = useListParams();
  const parsed = ZAdminReviewsQuery.safeParse(params.values);
  const filter = parsed.success ? parsed.data : ZAdminReviewsQuery.parse({});
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const list = useStaffReviews(filter);
  const moderate = useModerateReview();
  const data = list.data;
  return (
    <Container className="pb-16">
      <BackLink to="/admin">Back to Dashboard</BackLink>
      <PageHeading
        title="Reviews"
        subtitle="Hide reviews that break the rules; every change is kept in the audit log."
        actions={
          <div className="flex items-center gap-2">
            {notifications}
            <RefreshButton list={list} />
          </div>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label="Search reviews"
          placeholder="Search by creator or author..."
          value={params.searchText}
          onChange={params.setSearchText}
        />
        <select
          aria-label="Status filter"
          value={filter.status}
          onChange={(e) =>
            params.update({ status: e.target.value === "all" ? undefined : e.target.value })
          }
          className="h-11 rounded-xl border border-ink-300 bg-white px-3 text-sm sm:w-48"
        >
          {ADMIN_REVIEW_FILTERS.map((s) => (
            <option key={s} value={s}>
              {FILTER_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <PagedListCard
        pending={list.isPending}
        page={data && { ...data, items: data.reviews }}
        emptyText="No reviews found"
        onPage={params.setPage}
      >
        <ul className="divide-y divide-ink-100" aria-label="Reviews">
          {data?.reviews.map((review) => (
            <StaffReviewRow
              key={review.id}
              review={review}
              pending={moderate.isPending}
              onHide={() => setHiding(review)}
              onShow={() => moderate.mutate({ id: review.id, reason: null })}
            />
          ))}
        </ul>
      </PagedListCard>
      <HideDialog
        author={hiding?.authorName ?? ""}
        open={hiding !== null}
        pending={moderate.isPending}
        onOpenChange={(open) => !open && setHiding(null)}
        onConfirm={(reason) =>
          hiding && moderate.mutate({ id: hiding.id, reason }, { onSuccess: () => setHiding(null) })
        }
      />
    </Container>
  );
}
