import { Download, Heart, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Delivery, DeliveryFile } from "../../../contracts/delivery.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { useFavourite, useRemovePhoto } from "./api.ts";
import { PhotoViewer } from "./photo-viewer.tsx";
import { DOWNLOAD_ALL } from "./strings.ts";

const megabytes = (files: DeliveryFile[]) =>
  `${(files.reduce((sum, f) => sum + f.bytes, 0) / 1_000_000).toFixed(1)} MB`;

/** The delivered photos: a grid of previews, a viewer, downloads and the client's favourites. */
export function Gallery({ delivery }: { delivery: Delivery }) {
  const [open, setOpen] = useState<number | null>(null);
  const favourite = useFavourite(delivery.bookingId);
  const remove = useRemovePhoto(delivery.bookingId);
  const { files } = delivery;
  const isClient = delivery.role === "client";
  const canRemove = delivery.role === "creator" && delivery.status === "draft";
  const favourites = files.filter((f) => f.favourite).length;
  const toggle = (file: DeliveryFile) =>
    favourite.mutate({ fileId: file.id, favourite: !file.favourite });
  return (
    <section aria-labelledby="gallery-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3 pb-4">
        <div>
          <h2 id="gallery-heading" className="text-xl font-bold text-ink-900">
            {files.length} {files.length === 1 ? "photo" : "photos"}
          </h2>
          <p className="text-sm text-ink-600">
            {megabytes(files)} at full resolution
            {favourites > 0
              ? ` · ${favourites} ${favourites === 1 ? "favourite" : "favourites"}${isClient ? "" : " of the client"}`
              : ""}
          </p>
        </div>
        {delivery.zipUrl ? (
          <a href={delivery.zipUrl} download className={buttonVariants({ variant: "dark" })}>
            <Download aria-hidden /> {DOWNLOAD_ALL}
          </a>
        ) : null}
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
        {files.map((file, i) => (
          <li
            key={file.id}
            className="group relative aspect-[4/3] overflow-hidden rounded-xl bg-ink-100"
          >
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block size-full"
              aria-label={`Open ${file.fileName}`}
            >
              <img
                src={file.thumbUrl}
                alt={file.fileName}
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition-transform group-hover:scale-[1.02]"
              />
            </button>
            <div className="absolute right-1.5 top-1.5 flex gap-1.5">
              {isClient ? (
                <button
                  type="button"
                  aria-pressed={file.favourite}
                  aria-label={`${file.favourite ? "Remove" : "Add"} ${file.fileName} ${file.favourite ? "from" : "to"} favourites`}
                  onClick={() => toggle(file)}
                  className="rounded-full bg-white/90 p-2 shadow-sm hover:bg-white"
                >
                  <Heart
                    className={cn(
                      "size-4 text-ink-700",
                      file.favourite && "fill-red-500 text-red-500",
                    )}
                  />
                </button>
              ) : file.favourite ? (
                <span
                  className="rounded-full bg-white/90 p-2 shadow-sm"
                  title="The client's favourite"
                >
                  <Heart
                    className="size-4 fill-red-500 text-red-500"
                    aria-label="Client favourite"
                  />
                </span>
              ) : null}
              {canRemove ? (
                <button
                  type="button"
                  aria-label={`Remove ${file.fileName}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(file.id)}
                  className="rounded-full bg-white/90 p-2 shadow-sm hover:bg-white"
                >
                  <Trash2 className="size-4 text-red-600" />
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <PhotoViewer
        files={files}
        index={open}
        onIndex={setOpen}
        canFavourite={isClient}
        onFavourite={toggle}
      />
    </section>
  );
}
