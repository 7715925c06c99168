import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PortfolioPage,
  type PublicProfile,
  publicProfileApiPath,
  ZComment,
  ZCommentList,
  ZLikeState,
  ZPortfolioPage,
  ZPublicProfile,
} from "../../../contracts/profiles.ts";
import { apiRequest, takeInitialResponse } from "../../lib/api-client.ts";
import { isRetryable } from "../../lib/api-errors.ts";
import { usePresenceEvents } from "../../lib/presence-events.ts";

export const profileKeys = {
  creator: (id: string) => ["creator", id] as const,
  portfolio: (id: string) => ["creator", id, "portfolio"] as const,
  portfolioPage: (id: string, page: number) => ["creator", id, "portfolio", page] as const,
  comments: (itemId: string) => ["portfolio-comments", itemId] as const,
};

export function useCreatorProfile(id: string) {
  return useQuery({
    queryKey: profileKeys.creator(id),
    queryFn: ({ signal }) =>
      apiRequest("GET", publicProfileApiPath(id), ZPublicProfile, { signal }),
    initialData: () => takeInitialResponse(publicProfileApiPath(id), ZPublicProfile),
    initialDataUpdatedAt: Date.now,
    retry: (count, error) => isRetryable(error) && count < 1,
  });
}

/** The profile's 'Available now' badge follows the creator going online and offline. */
export function useLiveProfileAvailability(id: string) {
  const client = useQueryClient();
  usePresenceEvents((event) => {
    if (event.id !== id) return;
    client.setQueryData<PublicProfile>(profileKeys.creator(id), (data) =>
      data ? { ...data, availableNow: event.availableNow } : data,
    );
  });
}

const portfolioPageQuery = (id: string, page: number) => ({
  queryKey: profileKeys.portfolioPage(id, page),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest("GET", `/creators/${id}/portfolio?page=${page}`, ZPortfolioPage, { signal }),
});

/** One page of a creator's portfolio; paging keeps the previous page shown until the next arrives. */
export function usePortfolioPage(id: string, page: number) {
  return useQuery({ ...portfolioPageQuery(id, page), placeholderData: (previous) => previous });
}

/** The first portfolio page, for a preview of a creator (the map's detail card). */
export function usePortfolioPreview(id: string) {
  return useQuery(portfolioPageQuery(id, 1));
}

/** Like or unlike; the page shows the change at once and then the server's exact count. */
export function useLike(creatorId: string, page: number) {
  const client = useQueryClient();
  const key = profileKeys.portfolioPage(creatorId, page);
  const patch = (itemId: string, change: (item: PortfolioPage["items"][number]) => object) =>
    client.setQueryData<PortfolioPage>(
      key,
      (data) =>
        data && {
          ...data,
          items: data.items.map((item) =>
            item.id === itemId ? { ...item, ...change(item) } : item,
          ),
        },
    );
  return useMutation({
    mutationFn: ({ itemId, liked }: { itemId: string; liked: boolean }) =>
      apiRequest(liked ? "PUT" : "DELETE", `/portfolio/${itemId}/like`, ZLikeState),
    onMutate: ({ itemId, liked }) => {
      const previous = client.getQueryData<PortfolioPage>(key);
      patch(itemId, (item) => ({
        likedByMe: liked,
        likeCount: item.likeCount + (liked === item.likedByMe ? 0 : liked ? 1 : -1),
      }));
      return { previous };
    },
    onError: (_error, _vars, context) => client.setQueryData(key, context?.previous),
    onSuccess: (state, { itemId }) =>
      patch(itemId, () => ({ likedByMe: state.liked, likeCount: state.likeCount })),
  });
}

export function useComments(itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.comments(itemId),
    queryFn: ({ signal }) =>
      apiRequest("GET", `/portfolio/${itemId}/comments`, ZCommentList, { signal }),
    enabled,
  });
}

export function useAddComment(itemId: string, creatorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest("POST", `/portfolio/${itemId}/comments`, ZComment, { body: { body } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: profileKeys.comments(itemId) });
      void client.invalidateQueries({ queryKey: profileKeys.portfolio(creatorId) });
    },
  });
}
