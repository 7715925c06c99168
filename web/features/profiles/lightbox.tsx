import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { MediaImage } from "../../components/ui/media-image.tsx";

/** One image, full screen, with its caption when it has one. */
export function Lightbox({
  item,
  onClose,
}: {
  item: { imageKey: string; caption: string | null } | null;
  onClose: () => void;
}) {
  return (
    <DialogPrimitive.Root open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-950/90" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4"
          aria-describedby={undefined}
        >
          <DialogPrimitive.Title className="sr-only">
            {item?.caption ?? "Image"}
          </DialogPrimitive.Title>
          {item ? (
            <figure className="flex max-h-full flex-col items-center gap-3">
              <MediaImage
                imageKey={item.imageKey}
                size="large"
                sizes="100vw"
                alt={item.caption ?? ""}
                priority
                className="max-h-[80dvh] w-auto max-w-full rounded-lg object-contain"
              />
              {item.caption ? (
                <figcaption className="text-center text-sm text-white">{item.caption}</figcaption>
              ) : null}
            </figure>
          ) : null}
          <DialogPrimitive.Close
            className="absolute right-4 top-4 rounded-full bg-white/10 p-2 text-white hover:bg-white/20"
            aria-label="Close"
          >
            <X className="size-6" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
