import { useInfiniteQuery } from "@tanstack/react-query";
import type { QUICK_FILTERS, Service } from "../../../contracts/enums.ts";
import { ZSearchResponse } from "../../../contracts/search.ts";
import { apiRequest } from "../../lib/api-client.ts";

export type SearchParams = {
  zip?: string;
  date?: string;
  service?: Service;
  filter?: (typeof QUICK_FILTERS)[number];
};

export const searchKeys = {
  results: (params: SearchParams) => ["search", params] as const,
};

/** Pages of search results; each next page continues from the previous page's cursor. */
export function useCreatorSearch(params: SearchParams) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(params),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
      if (pageParam) query.set("cursor", pageParam);
      return apiRequest("GET", `/search?${query}`, ZSearchResponse, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });
}
