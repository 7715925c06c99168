import { GALLERY_MAX_IMAGES } from "../../../contracts/constants.ts";
import type { PublicProfile } from "../../../contracts/profiles.ts";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";
import { GalleryButton } from "./gallery-button.tsx";

/** 'View full gallery': the first 18 images in 2 (phone) or 3 columns. */
export function GalleryDialog({ profile }: { profile: PublicProfile }) {
  if (profile.gallery.length === 0) return null;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <GalleryButton />
      </DialogTrigger>
      <DialogContent
        title={`${profile.name}'s gallery`}
        description={`${Math.min(profile.portfolioCount, GALLERY_MAX_IMAGES)} of ${profile.portfolioCount} images`}
        className="max-w-4xl"
      >
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {profile.gallery.map((image) => (
            <li key={image.id}>
              <figure>
                <MediaImage
                  imageKey={image.imageKey}
                  size="thumb"
                  sizes="(min-width: 640px) 280px, 45vw"
                  alt={image.caption ?? `Portfolio image by ${profile.name}`}
                  className="aspect-square w-full rounded-lg"
                />
                {image.caption ? (
                  <figcaption className="mt-1 truncate text-xs text-ink-600">
                    {image.caption}
                  </figcaption>
                ) : null}
              </figure>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
