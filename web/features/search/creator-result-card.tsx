import { MapPin, Star } from "lucide-react";
import { Link } from "react-router";
import { CREATOR_TYPE_LABELS } from "../../../contracts/enums.ts";
import { creatorProfilePath } from "../../../contracts/routes.ts";
import type { CreatorCard } from "../../../contracts/search.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Avatar, CoverImage } from "../../components/ui/media-image.tsx";
import { SendMessageButton } from "../../components/ui/send-message-button.tsx";
import { formatCents } from "../../lib/format.ts";

export function CreatorResultCard({ creator, eager }: { creator: CreatorCard; eager: boolean }) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-card border border-ink-200 bg-white shadow-sm">
      <div className="relative aspect-[16/10] bg-gradient-to-br from-brand-100 to-ink-100">
        <CoverImage
          imageKey={creator.coverKey}
          size="medium"
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          priority={eager}
        />
        <div className="absolute left-3 top-3 flex gap-2">
          <Badge variant="dark">{CREATOR_TYPE_LABELS[creator.type]}</Badge>
          {creator.availableNow ? (
            <Badge variant="success" className="gap-1.5">
              <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden />
              Available now
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        {/* Above the cover, which is positioned and would otherwise paint over it. */}
        <div className="relative z-10 -mt-10 flex items-end gap-3">
          <Avatar
            imageKey={creator.avatarKey}
            name={creator.name}
            className="size-16 border-4 border-white text-lg shadow"
          />
          {creator.hourlyRateCents ? (
            <p className="ml-auto text-sm text-ink-600">
              <span className="text-lg font-bold text-ink-900">
                {formatCents(creator.hourlyRateCents, "USD", "whole")}
              </span>
              /hr
            </p>
          ) : null}
        </div>
        <div>
          <h2 className="text-lg font-bold text-ink-900">{creator.name}</h2>
          <p className="text-sm text-ink-600">{creator.specialty}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-600">
          <span className="inline-flex items-center gap-1">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
            {creator.reviewCount ? (
              <>
                <span className="font-semibold text-ink-900">{creator.rating.toFixed(1)}</span>(
                {creator.reviewCount})
              </>
            ) : (
              "New"
            )}
          </span>
          {creator.city || creator.distanceMiles !== null ? (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4" aria-hidden />
              {[
                creator.city,
                creator.distanceMiles !== null ? `${creator.distanceMiles.toFixed(1)} mi` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          ) : null}
        </div>
        <div className="mt-auto grid grid-cols-2 gap-2 pt-1">
          <Button asChild size="sm">
            <Link to={creatorProfilePath(creator.id)}>View Profile</Link>
          </Button>
          <SendMessageButton creatorId={creator.id} size="sm" />
        </div>
      </div>
    </article>
  );
}
