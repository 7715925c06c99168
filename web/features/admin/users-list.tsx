import { useState } from "react";
import { Link } from "react-router";
import { type AdminUser, adminAuditForPath } from "../../../contracts/back-office.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PagedListCard, SearchBox } from "../../components/ui/list-card.tsx";
import { formatDate } from "../../lib/format.ts";
import { useListParams } from "../../lib/use-list-params.ts";
import { useAdminUsers, useUserStatus } from "./back-office-api.ts";
import { DeactivateDialog } from "./deactivate-dialog.tsx";

const ROLE_LABELS = { client: "Client", creator: "Creator", staff: "Staff" } as const;

export function UsersList() {
  const list = useListParams();
  const { data, isPending } = useAdminUsers({ q: list.q, page: list.page });
  const status = useUserStatus();
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const busy = (u: AdminUser) => status.isPending && status.variables?.id === u.id;
  return (
    <>
      <SearchBox
        label="Search users"
        placeholder="Search by name or email..."
        value={list.searchText}
        onChange={list.setSearchText}
      />
      <PagedListCard
        pending={isPending}
        page={data}
        emptyText="No users found"
        onPage={list.setPage}
      >
        <ul className="divide-y divide-ink-100" aria-label="Users">
          {data?.items.map((u) => (
            <li
              key={u.id}
              className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-6"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold text-ink-900">{u.name}</p>
                  <Badge variant={u.role === "staff" ? "dark" : "secondary"}>
                    {ROLE_LABELS[u.role]}
                  </Badge>
                  {u.deactivated ? (
                    <Badge variant="warning">Deactivated</Badge>
                  ) : (
                    <Badge variant="success">Active</Badge>
                  )}
                </div>
                <p className="break-all text-sm text-ink-600">{u.email}</p>
                <p className="mt-1 text-xs text-ink-500">
                  Joined {formatDate(u.createdAt)} ·{" "}
                  <Link
                    className="font-semibold text-brand-700 hover:underline"
                    to={adminAuditForPath("user", u.id)}
                  >
                    History
                  </Link>
                </p>
                {u.deactivated ? (
                  <p className="mt-1 text-sm text-ink-700">
                    Deactivated {formatDate(u.deactivated.at)} by {u.deactivated.byName}:{" "}
                    {u.deactivated.reason}
                  </p>
                ) : null}
              </div>
              {u.role === "staff" ? null : u.deactivated ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy(u)}
                  onClick={() => status.mutate({ id: u.id, name: u.name })}
                >
                  Reactivate
                </Button>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy(u)}
                  onClick={() => setDeactivating(u)}
                >
                  Deactivate
                </Button>
              )}
            </li>
          ))}
        </ul>
      </PagedListCard>
      <DeactivateDialog
        user={deactivating}
        pending={status.isPending}
        onClose={() => setDeactivating(null)}
        onConfirm={(reason) =>
          deactivating &&
          status.mutate(
            { id: deactivating.id, name: deactivating.name, reason },
            { onSuccess: () => setDeactivating(null) },
          )
        }
      />
    </>
  );
}
