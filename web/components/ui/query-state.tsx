import type { ReactNode } from "react";
import type { ApiErrorCode } from "../../lib/api-error.ts";
import { isApiError } from "../../lib/api-errors.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "./button.tsx";
import { PageSpinner, Spinner } from "./spinner.tsx";

export const TRY_AGAIN = "Try again";

/** What QueryState reads of a TanStack query (useQuery or useInfiniteQuery). */
export type QueryLike<T> = {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
};

/** page: a whole screen's content; section: a part of one; compact: a menu or a small card. */
type Size = "page" | "section" | "compact";

const FAILED_CLASS: Record<Size, string> = {
  page: "py-12 text-center text-ink-600",
  section: "py-12 text-center text-ink-600",
  compact: "px-3 py-8 text-center text-sm text-ink-600",
};

function Loading({ size, className }: { size: Size; className?: string }) {
  if (size === "page" && !className) return <PageSpinner />;
  return (
    <div className={cn("flex justify-center", size === "compact" && "p-8", className)}>
      <Spinner />
    </div>
  );
}

/**
 * The one loading / refused / failed / loaded switch of a screen that asks the API for
 * something: the data once it is there (kept while a refetch fails); for a refusal listed in
 * `refusals` (by the API's error code, e.g. not_found, forbidden) what the screen shows for it;
 * for any other failure `failed` with 'Try again'; otherwise a spinner. `className` places the
 * spinner and the failure inside the screen's layout.
 */
export function QueryState<T>({
  query,
  failed,
  refusals = {},
  size = "page",
  className,
  children,
}: {
  query: QueryLike<T>;
  failed: ReactNode;
  refusals?: Partial<Record<ApiErrorCode, ReactNode>>;
  size?: Size;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  const refusal = isApiError(query.error) ? refusals[query.error.code] : undefined;
  if (refusal !== undefined) return refusal;
  if (query.isError) {
    return (
      <p className={cn(FAILED_CLASS[size], className)}>
        {failed}{" "}
        <Button
          variant="link"
          size={size === "compact" ? "sm" : "md"}
          onClick={() => void query.refetch()}
        >
          {TRY_AGAIN}
        </Button>
      </p>
    );
  }
  return <Loading size={size} className={className} />;
}
