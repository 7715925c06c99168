import { ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { Application } from "../../../contracts/applications.ts";
import { EXPERIENCE_LEVELS } from "../../../contracts/enums.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { BackLink, Container, PageHeading } from "../../components/ui/page.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { formatDate } from "../../lib/format.ts";
import { useApplicationDetail, useDecision, useLiveApplications } from "./api.ts";
import { isDecidable } from "./application-row.tsx";
import { DenialReasonField, DenyDialog } from "./deny-dialog.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** One term and its value: a dl holds only these (dt and dd in a div), nothing nested deeper. */
function Field({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-500">{label}</dt>
      <dd className="mt-1 text-sm text-ink-900">{children ?? "—"}</dd>
    </div>
  );
}

function ActionsCard({ application }: { application: Application }) {
  const decision = useDecision();
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  // Toasts come from the hook; this only closes the dialog if the card is still shown.
  const act = (action: "approve" | "deny") =>
    decision.mutate(
      { id: application.id, action, reason: action === "deny" ? reason : undefined },
      { onSuccess: () => setConfirming(false) },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Button
          onClick={() => act("approve")}
          disabled={decision.isPending}
          className="bg-emerald-700 hover:bg-emerald-800"
        >
          {decision.isPending && decision.variables?.action === "approve"
            ? "Approving..."
            : "Approve"}
        </Button>
        <DenialReasonField
          id="denial-reason"
          label="Denial reason (optional)"
          placeholder="Included in the email to the applicant"
          value={reason}
          onChange={setReason}
        />
        <Button
          variant="destructive"
          onClick={() => setConfirming(true)}
          disabled={decision.isPending}
        >
          Deny
        </Button>
        <DenyDialog
          name={application.fullName}
          open={confirming}
          pending={decision.isPending}
          reason={reason}
          onOpenChange={setConfirming}
          onConfirm={() => act("deny")}
        />
      </CardContent>
    </Card>
  );
}

export function ApplicationDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  useLiveApplications();
  const detail = useApplicationDetail(id);

  // The failure toast is the query's own (meta.errorTitle); the spec then goes back to the list.
  useEffect(() => {
    if (detail.error) navigate("/admin/applications", { replace: true });
  }, [detail.error, navigate]);

  const application = detail.data?.application;
  if (!application) return <PageSpinner />;
  const experience = EXPERIENCE_LEVELS.find((l) => l.value === application.experienceLevel)?.label;
  return (
    <Container className="pb-16">
      <BackLink to="/admin/applications">Back to Applications</BackLink>
      <PageHeading
        title={application.fullName}
        subtitle={
          <span className="inline-flex items-center gap-2">
            Application <StatusBadge status={application.status} />
          </span>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Contact Information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Field label="Email">
                  <a
                    className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                    href={`mailto:${application.email}`}
                  >
                    <Mail className="size-4" /> {application.email}
                  </a>
                </Field>
                <Field label="Phone">
                  {application.phone ? (
                    <span className="inline-flex items-center gap-1">
                      <Phone className="size-4" /> {application.phone}
                    </span>
                  ) : null}
                </Field>
                <Field label="City">
                  {application.city ? (
                    <span className="inline-flex items-center gap-1">
                      <MapPin className="size-4" /> {application.city}
                    </span>
                  ) : null}
                </Field>
                <Field label="Portfolio">
                  {application.portfolioUrl ? (
                    <a
                      href={application.portfolioUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={application.portfolioUrl}
                      className="inline-flex max-w-full items-center gap-1 text-brand-700 hover:underline"
                    >
                      {/* Cut with an ellipsis, never broken mid-word; the whole address is the title. */}
                      <span className="truncate">
                        {application.portfolioUrl.replace(/^https?:\/\//, "")}
                      </span>
                      <ExternalLink className="size-4 shrink-0" aria-hidden />
                    </a>
                  ) : null}
                </Field>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Professional Background</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Field label="Experience level">{experience}</Field>
                <Field label="Travel radius">
                  {application.travelRadius ? `${application.travelRadius} miles` : null}
                </Field>
                <Field label="Specialties" className="sm:col-span-2">
                  {application.specialties.length ? (
                    <span className="flex flex-wrap gap-1.5">
                      {application.specialties.map((s) => (
                        <Badge key={s} variant="secondary">
                          {s}
                        </Badge>
                      ))}
                    </span>
                  ) : null}
                </Field>
                <Field label="About" className="sm:col-span-2">
                  {application.aboutMe ? (
                    <span className="whitespace-pre-line">{application.aboutMe}</span>
                  ) : null}
                </Field>
              </dl>
            </CardContent>
          </Card>
          {application.sampleImages.length ? (
            <Card>
              <CardHeader>
                <CardTitle>Sample Images</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {application.sampleImages.map((image, index) => (
                    <li key={image.key}>
                      <a href={image.url} target="_blank" rel="noopener noreferrer">
                        <img
                          src={image.thumbUrl}
                          alt={`Sample ${index + 1} from ${application.fullName}`}
                          className="aspect-square w-full rounded-xl object-cover"
                          loading="lazy"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </div>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Application Info</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4">
                <Field label="Applied">{formatDate(application.createdAt)}</Field>
                <Field label="Last updated">{formatDate(application.updatedAt)}</Field>
                {application.denialReason ? (
                  <Field label="Denial reason">{application.denialReason}</Field>
                ) : null}
              </dl>
            </CardContent>
          </Card>
          {isDecidable(application.status) ? <ActionsCard application={application} /> : null}
        </div>
      </div>
    </Container>
  );
}
