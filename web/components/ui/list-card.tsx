import { RefreshCw, Search } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { Card } from "./card.tsx";
import { Input } from "./input.tsx";
import { Pagination } from "./pagination.tsx";
import { Spinner } from "./spinner.tsx";

export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative flex-1">
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-400" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}

/** The body of a list card: a spinner, the empty message, or the list. */
export function ListState({
  pending,
  empty,
  emptyText,
  children,
}: {
  pending: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (pending) {
    return (
      <div className="flex justify-center p-12">
        <Spinner />
      </div>
    );
  }
  if (empty) return <p className="p-12 text-center text-ink-600">{emptyText}</p>;
  return <>{children}</>;
}

/** A paged list in a card, with the pages under it. */
export function PagedListCard({
  pending,
  page,
  emptyText,
  onPage,
  children,
}: {
  pending: boolean;
  page: { items: unknown[]; page: number; pageSize: number; total: number } | undefined;
  emptyText: string;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Card className="mt-4 overflow-hidden">
        <ListState pending={pending} empty={!page?.items.length} emptyText={emptyText}>
          {children}
        </ListState>
      </Card>
      {page ? (
        <div className="mt-4">
          <Pagination
            page={page.page}
            pageSize={page.pageSize}
            total={page.total}
            onPage={onPage}
          />
        </div>
      ) : null}
    </>
  );
}

/** A list screen's Refresh button: spins while the list loads again. */
export function RefreshButton({ list }: { list: { isFetching: boolean; refetch: () => unknown } }) {
  return (
    <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
      <RefreshCw className={list.isFetching ? "animate-spin" : undefined} /> Refresh
    </Button>
  );
}
