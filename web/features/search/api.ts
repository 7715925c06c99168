import { type InfiniteData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { QUICK_FILTERS, Service } from "../../../contracts/enums.ts";
import { type SearchResponse, ZSearchResponse } from "../../../contracts/search.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { usePresenceEvents } from "../../lib/presence-events.ts";

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

/** 'Available now' badges follow creators going online and offline while results are shown. */
export function useLiveSearchAvailability() {
  const client = useQueryClient();
  usePresenceEvents((event) => {
    client.setQueriesData<InfiniteData<SearchResponse>>({ queryKey: ["search"] }, (data) => {
      if (!data?.pages.some((page) => page.items.some((c) => c.id === event.id))) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((c) =>
            c.id === event.id ? { ...c, availableNow: event.availableNow } : c,
          ),
        })),
      };
    });
  });
}
