import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { adminBookingPath } from "../../../contracts/back-office.ts";
import { BOOKING_STATUSES } from "../../../contracts/enums.ts";
import { Select } from "../../components/ui/input.tsx";
import { PagedListCard, SearchBox } from "../../components/ui/list-card.tsx";
import { formatCents, formatDate } from "../../lib/format.ts";
import { useListParams } from "../../lib/use-list-params.ts";
import { STATUS_LABELS } from "../bookings/strings.ts";
import { useAdminBookings } from "./back-office-api.ts";
import { StatusPill } from "./booking-status.tsx";

const isStatus = (v: string | undefined): v is (typeof BOOKING_STATUSES)[number] =>
  (BOOKING_STATUSES as readonly string[]).includes(v ?? "");

export function AdminBookingsList() {
  const list = useListParams();
  const statusParam = list.get("status");
  const status = isStatus(statusParam) ? statusParam : undefined;
  const { data, isPending } = useAdminBookings({ q: list.q, status, page: list.page });
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label="Search bookings"
          placeholder="Client or creator name or email, or booking id..."
          value={list.searchText}
          onChange={list.setSearchText}
        />
        <Select
          aria-label="Status filter"
          value={status ?? "all"}
          onChange={(e) =>
            list.update({ status: e.target.value === "all" ? undefined : e.target.value })
          }
          className="sm:w-48"
        >
          <option value="all">All statuses</option>
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <PagedListCard
        pending={isPending}
        page={data}
        emptyText="No bookings found"
        onPage={list.setPage}
      >
        <ul className="divide-y divide-ink-100" aria-label="Bookings">
          {data?.items.map((b) => (
            <li key={b.id}>
              <Link
                to={adminBookingPath(b.id)}
                className="flex items-center gap-4 px-4 py-4 hover:bg-ink-50 sm:px-6"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-ink-900">
                    {b.client.name} <span className="font-normal text-ink-500">with</span>{" "}
                    {b.creator.name}
                  </p>
                  <p className="truncate text-sm text-ink-600">
                    {b.client.email} · {b.creator.email}
                  </p>
                  <p className="mt-1 text-xs text-ink-500">
                    Session {formatDate(b.startTime)} · booked {formatDate(b.createdAt)}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <StatusPill status={b.status} />
                  <span className="text-sm font-semibold text-ink-900">
                    {formatCents(b.totalCents, b.currency)}
                  </span>
                </div>
                <ChevronRight className="size-4 shrink-0 text-ink-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </PagedListCard>
    </>
  );
}
