import { ChevronLeft, ChevronRight, Download, Heart, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect } from "react";
import type { DeliveryFile } from "../../../contracts/delivery.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";

/** Full-screen photo viewer: previous/next by button, arrow keys or Escape to close. */
export function PhotoViewer({
  files,
  index,
  onIndex,
  canFavourite,
  onFavourite,
}: {
  files: DeliveryFile[];
  index: number | null;
  onIndex: (index: number | null) => void;
  canFavourite: boolean;
  onFavourite: (file: DeliveryFile) => void;
}) {
  const file = index === null ? null : files[index];
  const go = (step: number) =>
    index === null ? null : onIndex((index + step + files.length) % files.length);
  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") onIndex((index + 1) % files.length);
      if (event.key === "ArrowLeft") onIndex((index - 1 + files.length) % files.length);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [index, files.length, onIndex]);
  const nav =
    "absolute top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-3 text-white hover:bg-white/25";
  return (
    <DialogPrimitive.Root
      open={file != null}
      onOpenChange={(open) => (open ? null : onIndex(null))}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-950/95" />
        <DialogPrimitive.Content className="fixed inset-0 z-50 flex flex-col outline-none">
          {file ? (
            <>
              <div className="flex items-center justify-between gap-3 px-4 py-3 text-white">
                <DialogPrimitive.Title className="min-w-0 truncate text-sm font-semibold">
                  {file.fileName}{" "}
                  <span className="ml-2 font-normal text-white/60">
                    {index! + 1} of {files.length}
                  </span>
                </DialogPrimitive.Title>
                <DialogPrimitive.Description className="sr-only">
                  Use the arrow keys for the previous and next photo.
                </DialogPrimitive.Description>
                <div className="flex shrink-0 items-center gap-2">
                  {canFavourite ? (
                    <button
                      type="button"
                      aria-pressed={file.favourite}
                      aria-label={file.favourite ? "Remove from favourites" : "Add to favourites"}
                      onClick={() => onFavourite(file)}
                      className="rounded-full p-2 hover:bg-white/15"
                    >
                      <Heart
                        className={cn("size-5", file.favourite && "fill-red-500 text-red-500")}
                      />
                    </button>
                  ) : null}
                  <a
                    href={file.downloadUrl}
                    download={file.fileName}
                    className={cn(buttonVariants({ variant: "glass", size: "sm" }))}
                  >
                    <Download aria-hidden /> <span className="max-sm:sr-only">Download</span>
                  </a>
                  <DialogPrimitive.Close
                    aria-label="Close"
                    className="rounded-full p-2 hover:bg-white/15"
                  >
                    <X className="size-5" />
                  </DialogPrimitive.Close>
                </div>
              </div>
              <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
                <img
                  key={file.id}
                  src={file.previewUrl}
                  alt={file.fileName}
                  width={file.width}
                  height={file.height}
                  className="max-h-full max-w-full object-contain"
                />
                {files.length > 1 ? (
                  <>
                    <button
                      type="button"
                      aria-label="Previous photo"
                      onClick={() => go(-1)}
                      className={cn(nav, "left-2 sm:left-4")}
                    >
                      <ChevronLeft className="size-6" />
                    </button>
                    <button
                      type="button"
                      aria-label="Next photo"
                      onClick={() => go(1)}
                      className={cn(nav, "right-2 sm:right-4")}
                    >
                      <ChevronRight className="size-6" />
                    </button>
                  </>
                ) : null}
              </div>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
