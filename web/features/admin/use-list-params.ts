import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { SEARCH_DEBOUNCE_MS } from "../../../contracts/constants.ts";

/**
 * A list screen's state in its address (page, q and any filters), so a link can open it
 * filtered. The search box is debounced and starts again at page 1, as is any filter change.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const q = params.get("q") ?? "";
  const [searchText, setSearchText] = useState(q);

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
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
    get: (name: string) => params.get(name) ?? undefined,
    searchText,
    setSearchText,
    update,
    setPage: (next: number) => update({ page: next > 1 ? String(next) : undefined }),
  };
}
