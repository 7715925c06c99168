import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { SEARCH_DEBOUNCE_MS } from "../../contracts/constants.ts";

type Changes = Record<string, string | undefined>;

/**
 * A staff list's state in its address — page, search (q) and any filters — so a link opens it
 * filtered and Back returns to it. The search box is debounced; a new search or any filter
 * change starts again at page 1. Every staff list uses this one hook.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const q = params.get("q") ?? "";
  const [searchText, setSearchText] = useState(q);

  /** Sets (or, with undefined or "", removes) the given parameters; page 1 unless one is `page`. */
  const update = useCallback(
    (changes: Changes) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => update({ q: trimmed || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, q, update]);

  return {
    page,
    q: q || undefined,
    /** Every parameter, for a list whose contract schema parses them itself. */
    values: Object.fromEntries(params) as Record<string, string>,
    get: (name: string) => params.get(name) ?? undefined,
    /** The filter `name` if it is one of `allowed`, else `fallback`. */
    oneOf<T extends string>(name: string, allowed: readonly T[], fallback?: T): T | undefined {
      const value = params.get(name);
      return allowed.includes(value as T) ? (value as T) : fallback;
    },
    searchText,
    setSearchText,
    update,
    setPage: (next: number) => update({ page: next > 1 ? String(next) : undefined }),
  };
}
