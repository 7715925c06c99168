import { ChevronLeft, ChevronRight, Heart } from "lucide-react";
import { useState } from "react";
import { imageUrl } from "../../../contracts/media.ts";
import type { PublicPortfolioItem } from "../../../contracts/profiles.ts";
import { creatorProfilePath } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
import { useSession } from "../../lib/auth-client.ts";
import { cn } from "../../lib/cn.ts";
import { toast } from "../../lib/toast.ts";
import { openAuthDialog } from "../accounts/auth-dialog-store.ts";
import { useLike, usePortfolioPage } from "./api.ts";
import { CommentsPopover } from "./comments-popover.tsx";
import { Lightbox } from "./lightbox.tsx";
import { ShareMenu } from "./share-menu.tsx";

/** The portfolio, 9 to a page in 3 columns, each image with like, comments and share. */
export function PortfolioGrid({
  creatorId,
  creatorName,
}: {
  creatorId: string;
  creatorName: string;
}) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<PublicPortfolioItem | null>(null);
  const portfolio = usePortfolioPage(creatorId, page);
  const like = useLike(creatorId, page);
  const { data: session } = useSession();
  const link = `${window.location.origin}${creatorProfilePath(creatorId)}`;

  if (portfolio.isPending) return <Spinner className="size-6" />;
  if (portfolio.isError) return <p className="text-ink-600">The portfolio could not be loaded.</p>;
  const { items, pageCount } = portfolio.data;
  if (items.length === 0) return <p className="text-ink-600">No portfolio images yet.</p>;

  function toggleLike(item: PublicPortfolioItem) {
    if (!session) {
      toast("Sign in to like photos");
      openAuthDialog("signin");
      return;
    }
    like.mutate(
      { itemId: item.id, liked: !item.likedByMe },
      {
        onError: (error) => toastApiError(error, "Could not save your like"),
      },
    );
  }

  return (
    <div>
      <ul className="grid grid-cols-3 gap-1.5 sm:gap-3">
        {items.map((item) => (
          <li
            key={item.id}
            className="overflow-hidden rounded-lg bg-white sm:rounded-xl sm:border sm:border-ink-200"
          >
            <button
              type="button"
              className="block aspect-square w-full bg-ink-100"
              onClick={() => setOpen(item)}
              aria-label={item.caption ? `Open: ${item.caption}` : "Open image"}
            >
              <MediaImage
                imageKey={item.imageKey}
                size="thumb"
                sizes="(min-width: 1152px) 360px, 33vw"
                alt={item.caption ?? `Portfolio image by ${creatorName}`}
                className="size-full"
                width={400}
                height={400}
              />
            </button>
            <div className="flex items-center justify-between py-1 sm:px-1.5">
              <button
                type="button"
                aria-pressed={item.likedByMe}
                onClick={() => toggleLike(item)}
                className="inline-flex items-center gap-1 rounded-lg px-1 py-1 text-sm text-ink-600 hover:bg-ink-100 sm:px-2"
              >
                <Heart
                  className={cn("size-4", item.likedByMe && "fill-red-500 text-red-500")}
                  aria-hidden
                />
                {/* The name holds the visible count: "Like 12" (its pressed state says liked). */}
                <span className="sr-only">Like </span>
                <span data-testid="like-count">{item.likeCount}</span>
              </button>
              <CommentsPopover itemId={item.id} creatorId={creatorId} count={item.commentCount} />
              <ShareMenu
                link={link}
                text={`${creatorName}'s portfolio`}
                image={`${window.location.origin}${imageUrl(item.imageKey, "large")}`}
              />
            </div>
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav aria-label="Portfolio pages" className="mt-4 flex items-center justify-center gap-3">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <span className="text-sm text-ink-600">
            Page {portfolio.data.page} of {pageCount}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      ) : null}
      <Lightbox item={open} onClose={() => setOpen(null)} />
    </div>
  );
}
