import { CalendarClock, Camera } from "lucide-react";
import { Link } from "react-router";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { useAccountRoles } from "../accounts/api.ts";
import { useProfileSetupQuery } from "./api.ts";

/** On /profile, an approved creator's way back into the five-step setup. Others see nothing. */
export function CreatorSetupCard({ userId }: { userId: string }) {
  // Asked of approved creators only: anyone else would be refused.
  const { creator } = useAccountRoles();
  const { data } = useProfileSetupQuery(creator ? userId : undefined);
  if (!data) return null;
  const { completionPercent: percent, isComplete: complete, isPublished: published } = data.profile;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Camera className="size-6" aria-hidden />
        </span>
        <div className="flex flex-1 flex-col gap-1">
          <h2 className="text-lg font-bold">Your creator profile</h2>
          <p className="text-sm text-ink-600">
            {complete
              ? published
                ? "Published: clients can find and book you."
                : "Complete, not yet published."
              : `Setup is ${percent}% done. Finish it to start receiving bookings.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={PAGE_ROUTES.availability}>
              <CalendarClock aria-hidden />
              Availability
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={PAGE_ROUTES.earnings}>Earnings</Link>
          </Button>
          <Button asChild>
            <Link to={PAGE_ROUTES.profileSetup}>
              {complete ? "Edit profile" : "Continue setup"}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
