import { RefreshCw, Search } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { SEARCH_DEBOUNCE_MS } from "../../../contracts/constants.ts";
import {
  ADMIN_REVIEW_FILTERS,
  type AdminReview,
  ZAdminReviewsQuery,
} from "../../../contracts/reviews.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { BackLink, Container, PageHeading } from "../../components/ui/page.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
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
  const [params, setParams] = useSearchParams();
  const parsed = ZAdminReviewsQuery.safeParse(Object.fromEntries(params));
  const filter = parsed.success ? parsed.data : ZAdminReviewsQuery.parse({});
  const [searchText, setSearchText] = useState(filter.q ?? "");
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const list = useStaffReviews(filter);
  const moderate = useModerateReview();

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: update is rebuilt every render.
  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === (filter.q ?? "")) return;
    const timer = setTimeout(
      () => update({ q: trimmed || undefined, page: undefined }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, filter.q]);

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
            <Button
              variant="outline"
              onClick={() => void list.refetch()}
              disabled={list.isFetching}
            >
              <RefreshCw className={list.isFetching ? "animate-spin" : undefined} /> Refresh
            </Button>
          </div>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-400" />
          <Input
            type="search"
            aria-label="Search reviews"
            placeholder="Search by creator or author..."
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            className="pl-9"
          />
        </div>
        <select
          aria-label="Status filter"
          value={filter.status}
          onChange={(e) =>
            update({
              status: e.target.value === "all" ? undefined : e.target.value,
              page: undefined,
            })
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
      <Card className="mt-4 overflow-hidden">
        {list.isPending ? (
          <div className="flex justify-center p-12">
            <Spinner />
          </div>
        ) : !data || data.reviews.length === 0 ? (
          <p className="p-12 text-center text-ink-600">No reviews found</p>
        ) : (
          <ul className="divide-y divide-ink-100" aria-label="Reviews">
            {data.reviews.map((review) => (
              <StaffReviewRow
                key={review.id}
                review={review}
                pending={moderate.isPending}
                onHide={() => setHiding(review)}
                onShow={() => moderate.mutate({ id: review.id, reason: null })}
              />
            ))}
          </ul>
        )}
      </Card>
      {data ? (
        <div className="mt-4">
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => update({ page: page > 1 ? String(page) : undefined })}
          />
        </div>
      ) : null}
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
