import type { ComponentProps } from "react";
import { type ImageSize, imageSrcSet, imageUrl } from "../../../contracts/media.ts";
import { cn } from "../../lib/cn.ts";

/**
 * A stored image in the size that fits: `sizes` says how wide it shows, the browser picks from
 * the stored widths. `priority` is for the one image that paints first (the cover).
 */
export function MediaImage({
  imageKey,
  size = "medium",
  sizes,
  priority = false,
  className,
  alt,
  ...props
}: Omit<ComponentProps<"img">, "src" | "srcSet"> & {
  imageKey: string;
  size?: ImageSize;
  sizes: string;
  priority?: boolean;
}) {
  return (
    <img
      src={imageUrl(imageKey, size)}
      srcSet={imageSrcSet(imageKey)}
      sizes={sizes}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={cn("object-cover", className)}
      {...props}
    />
  );
}

/** A creator's cover photo filling its (relative) box; nothing when there is none. */
export function CoverImage({
  imageKey,
  size,
  sizes,
  priority,
}: {
  imageKey: string | null;
  size: ImageSize;
  sizes: string;
  priority: boolean;
}) {
  if (!imageKey) return null;
  return (
    <MediaImage
      imageKey={imageKey}
      size={size}
      sizes={sizes}
      alt=""
      priority={priority}
      className="absolute inset-0 size-full"
    />
  );
}

/** A person's photo, or their initials on a tinted disc when they have none. */
export function Avatar({
  imageKey,
  name,
  className,
}: {
  imageKey: string | null;
  name: string;
  className?: string;
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
  if (imageKey) {
    return (
      <MediaImage
        imageKey={imageKey}
        size="thumb"
        sizes="96px"
        alt={name}
        className={cn("rounded-full bg-ink-100", className)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={cn(
        "inline-flex items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700",
        className,
      )}
    >
      {initials || "?"}
    </span>
  );
}
