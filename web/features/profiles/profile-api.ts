import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PortfolioPage,
  publicProfileApiPath,
  ZComment,
  ZCommentList,
  ZLikeState,
  ZPortfolioPage,
  ZPublicProfile,
} from "../../../contracts/profiles.ts";
import { ApiError, apiRequest, takeInitialResponse } from "../../lib/api-client.ts";

export function useCreatorProfile(id: string) {
  return useQuery({
    queryKey: ["creator", id],
    queryFn: ({ signal }) =>
      apiRequest("GET", publicProfileApiPath(id), ZPublicProfile, { signal }),
    initialData: () => takeInitialResponse(publicProfileApiPath(id), ZPublicProfile),
    initialDataUpdatedAt: Date.now,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

export function usePortfolioPage(id: string, page: number) {
  return useQuery({
    queryKey: ["creator", id, "portfolio", page],
    queryFn: ({ signal }) =>
      apiRequest("GET", `/creators/${id}/portfolio?page=${page}`, ZPortfolioPage, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** Like or unlike; the page shows the change at once and then the server's exact count. */
export function useLike(creatorId: string, page: number) {
  const client = useQueryClient();
  const key = ["creator", creatorId, "portfolio", page];
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
    queryKey: ["portfolio-comments", itemId],
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
      void client.invalidateQueries({ queryKey: ["portfolio-comments", itemId] });
      void client.invalidateQueries({ queryKey: ["creator", creatorId, "portfolio"] });
    },
  });
}
