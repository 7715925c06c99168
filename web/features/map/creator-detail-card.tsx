import { Navigation, X } from "lucide-react";
import { Link } from "react-router";
import { STAY_AVAILABLE_STRINGS } from "../../../contracts/availability.ts";
import { CREATOR_TYPE_LABELS } from "../../../contracts/enums.ts";
import { creatorProfilePath } from "../../../contracts/routes.ts";
import type { MapCreator } from "../../../contracts/search.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Avatar, MediaImage } from "../../components/ui/media-image.tsx";
import { usePortfolioPreview } from "../profiles/api.ts";
import { bookingLink, useNextStart } from "./next-start.ts";

const BOOK_LABEL = {
  photographer: "Book Photographer",
  videographer: "Book Videographer",
  "content creator": "Book Creator",
} as const;

const PREVIEW_IMAGES = 6;

export function CreatorDetailCard({
  creator,
  onClose,
}: {
  creator: MapCreator;
  onClose: () => void;
}) {
  const portfolio = usePortfolioPreview(creator.id);
  const next = useNextStart(creator.id, creator.availableNow);
  const images = portfolio.data?.items.slice(0, PREVIEW_IMAGES) ?? [];
  return (
    <section
      aria-label={`${creator.name} details`}
      className="relative w-full rounded-2xl border border-ink-200 bg-white p-4 shadow-2xl"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className="absolute right-3 top-3 rounded-lg p-1.5 text-ink-500 hover:bg-ink-100"
      >
        <X className="size-5" />
      </button>
      <div className="flex items-center gap-3 pr-8">
        <Avatar imageKey={creator.avatarKey} name={creator.name} className="size-14 text-lg" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-lg font-bold text-ink-900">{creator.name}</h2>
            {creator.availableNow ? <Badge variant="success">Available</Badge> : null}
            {creator.availableNow && !creator.liveTracked ? (
              <Badge variant="outline" title="Shown in the area they chose, not a live position">
                {STAY_AVAILABLE_STRINGS.notLive}
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-ink-600">
            {CREATOR_TYPE_LABELS[creator.type]}
            {creator.distanceBand ? (
              <span className="ml-2 inline-flex items-center gap-1 whitespace-nowrap text-ink-500">
                <Navigation className="size-3.5" aria-hidden />
                {creator.distanceBand} away
              </span>
            ) : null}
          </p>
        </div>
      </div>
      {creator.specialties.length ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Specialties">
          {creator.specialties.map((s) => (
            <li key={s}>
              <Badge variant="secondary">{s}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {images.length ? (
        <ul className="mt-3 grid grid-cols-3 gap-1.5">
          {images.map((item) => (
            <li key={item.id}>
              <MediaImage
                imageKey={item.imageKey}
                size="thumb"
                sizes="120px"
                alt={item.caption ?? ""}
                className="aspect-square w-full rounded-lg"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 grid grid-cols-2 gap-2">
        {creator.availableNow ? (
          <Button asChild>
            <Link to={bookingLink(creator.id, next.data)}>{BOOK_LABEL[creator.type]}</Link>
          </Button>
        ) : (
          <Button disabled>{BOOK_LABEL[creator.type]}</Button>
        )}
        <Button asChild variant="outline">
          <Link to={creatorProfilePath(creator.id)}>View Profile</Link>
        </Button>
      </div>
    </section>
  );
}
