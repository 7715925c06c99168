import { Briefcase, MapPin, Star } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { CREATOR_TYPE_LABELS } from "../../contracts/enums.ts";
import { PROFILE_COVER_SIZES } from "../../contracts/media.ts";
import { creatorPageHead } from "../../contracts/page-head.ts";
import type { PublicProfile } from "../../contracts/profiles.ts";
import { bookingsForCreatorPath } from "../../contracts/routes.ts";
import { creatorStructuredData } from "../../contracts/structured-data.ts";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Avatar, CoverImage } from "../components/ui/media-image.tsx";
import { Container } from "../components/ui/page.tsx";
import { QueryState } from "../components/ui/query-state.tsx";
import { SendMessageButton } from "../components/ui/send-message-button.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useCreatorProfile, useLiveProfileAvailability } from "../features/profiles/api.ts";
import { GalleryButton } from "../features/profiles/gallery-button.tsx";
import { ReviewsList } from "../features/profiles/reviews-list.tsx";
import { usePageHead } from "../features/profiles/use-page-head.ts";
import { formatCents } from "../lib/format.ts";
import NotFound from "./not-found.tsx";

// The portfolio and the gallery (with their dialogs and popovers) are below the first paint:
// their code loads after the page's own.
const PortfolioGrid = lazy(async () => ({
  default: (await import("../features/profiles/portfolio-grid.tsx")).PortfolioGrid,
}));
const GalleryDialog = lazy(async () => ({
  default: (await import("../features/profiles/gallery-dialog.tsx")).GalleryDialog,
}));

export default function CreatorProfileScreen() {
  const { id = "" } = useParams();
  const query = useCreatorProfile(id);
  useLiveProfileAvailability(id);
  const profile = query.data;
  usePageHead(
    profile ? creatorPageHead(profile) : null,
    profile ? creatorStructuredData(profile, window.location.origin) : undefined,
  );

  return (
    <QueryState
      query={query}
      failed="This profile could not be loaded. Please try again."
      refusals={{
        not_found: <NotFound />,
        bad_request: <NotFound />,
        validation_failed: <NotFound />,
      }}
    >
      {(loaded) => <LoadedProfile profile={loaded} />}
    </QueryState>
  );
}

function LoadedProfile({ profile }: { profile: PublicProfile }) {
  return (
    <div className="pb-24">
      <div className="relative h-48 bg-gradient-to-br from-brand-200 via-brand-100 to-ink-200 sm:h-72">
        <CoverImage imageKey={profile.coverKey} size="large" sizes={PROFILE_COVER_SIZES} priority />
      </div>
      <Container>
        <section className="relative z-10 -mt-14 flex flex-col gap-4 sm:-mt-16 sm:flex-row sm:items-start sm:gap-6">
          <Avatar
            imageKey={profile.avatarKey}
            name={profile.name}
            className="size-28 border-4 border-white text-3xl shadow-lg sm:size-32"
          />
          <div className="flex-1 sm:pt-[4.75rem]">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-3xl font-extrabold tracking-tight text-ink-900">
                {profile.name}
              </h1>
              <Badge variant="dark">{CREATOR_TYPE_LABELS[profile.type]}</Badge>
              {profile.availableNow ? <Badge variant="success">Available now</Badge> : null}
            </div>
            <p className="mt-1 text-lg text-ink-700">{profile.specialty}</p>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-600">
              {profile.city ? (
                <span className="inline-flex items-center gap-1">
                  <MapPin className="size-4" aria-hidden />
                  {profile.city}
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1">
                <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
                <span className="font-semibold text-ink-900">
                  {profile.reviewCount ? profile.rating.toFixed(1) : "New"}
                </span>
                ({profile.reviewCount} {profile.reviewCount === 1 ? "review" : "reviews"})
              </span>
              <span className="inline-flex items-center gap-1">
                <Briefcase className="size-4" aria-hidden />
                {profile.jobsCompleted} jobs completed
              </span>
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:items-end sm:pt-[4.75rem]">
            {profile.hourlyRateCents ? (
              <p className="text-ink-600">
                <span className="text-2xl font-extrabold text-ink-900">
                  {formatCents(profile.hourlyRateCents, "USD", "whole")}
                </span>{" "}
                per hour
              </p>
            ) : null}
            <div className="grid grid-cols-2 gap-2">
              <Button asChild>
                <Link to={bookingsForCreatorPath(profile.id)}>Book Now</Link>
              </Button>
              <SendMessageButton creatorId={profile.id} />
            </div>
          </div>
        </section>

        {profile.specialties.length ? (
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Specialties">
            {profile.specialties.map((s) => (
              <li key={s}>
                <Badge>{s}</Badge>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle asChild>
                <h2>Portfolio</h2>
              </CardTitle>
              <Suspense fallback={profile.gallery.length ? <GalleryButton /> : null}>
                <GalleryDialog profile={profile} />
              </Suspense>
            </CardHeader>
            <CardContent className="px-2 sm:px-6">
              <Suspense fallback={<Spinner />}>
                <PortfolioGrid creatorId={profile.id} creatorName={profile.name} />
              </Suspense>
            </CardContent>
          </Card>
          <div className="flex flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>About</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-line text-ink-700">
                  {profile.bio || `${profile.name} has not written an introduction yet.`}
                </p>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Reviews ({profile.reviewCount})</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ReviewsList reviews={profile.reviews} />
              </CardContent>
            </Card>
          </div>
        </div>
      </Container>
    </div>
  );
}
