import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  type AdminBookingDetail,
  adminAuditForPath,
  adminUsersSearchPath,
  deliveryPhotosPath,
} from "../../../contracts/back-office.ts";
import { conversationReportPath, creatorProfilePath } from "../../../contracts/routes.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { formatCents, formatDateTime } from "../../lib/format.ts";
import { AuditEntries } from "./audit-entries.tsx";
import { LedgerLines, Timeline } from "./booking-records.tsx";
import { StatusPill } from "./booking-status.tsx";

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pb-3 pt-4 sm:px-6">
        <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 px-4 pb-4 text-sm sm:px-6">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-600">{label}</dt>
          <dd className="min-w-0 break-words text-right font-medium text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const linkClass =
  "inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline";

function Party({
  label,
  party,
  extra,
}: {
  label: string;
  party: AdminBookingDetail["client"];
  extra?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 px-4 pb-4 sm:px-6">
      <p className="text-xs font-semibold uppercase tracking-wide text-ink-500">{label}</p>
      <p className="font-semibold text-ink-900">{party.name}</p>
      <p className="text-sm text-ink-600 [overflow-wrap:anywhere]">{party.email}</p>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <Link className={linkClass} to={adminUsersSearchPath(party.email)}>
          Account
        </Link>
        {extra}
      </div>
    </div>
  );
}

const DELIVERY_LABELS = {
  draft: "Being prepared",
  delivered: "Delivered",
  accepted: "Accepted",
  disputed: "Disputed",
};

export function BookingDetailView({ booking }: { booking: AdminBookingDetail }) {
  const money = (cents: number) => formatCents(cents, booking.currency);
  const d = booking.delivery;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <StatusPill status={booking.status} />
        <span className="break-all font-mono text-xs text-ink-500">{booking.id}</span>
        {booking.problemResolvedAt ? (
          <Badge variant="success">
            Problem resolved {formatDateTime(booking.problemResolvedAt)}
          </Badge>
        ) : booking.problemReportedAt ? (
          <Badge variant="warning">
            Problem reported {formatDateTime(booking.problemReportedAt)}
          </Badge>
        ) : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Parties">
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
            <Party label="Client" party={booking.client} />
            <Party
              label="Creator"
              party={booking.creator}
              extra={
                <Link className={linkClass} to={creatorProfilePath(booking.creator.profileId)}>
                  Profile <ExternalLink className="size-3.5" aria-hidden />
                </Link>
              }
            />
          </div>
        </Section>
        <Section title="Session and amounts">
          <Rows
            rows={[
              ["When", `${formatDateTime(booking.startTime)} (${booking.hours} h)`],
              ["Where", booking.location],
              ...(booking.eventType
                ? ([["Event", booking.eventType]] as [string, ReactNode][])
                : []),
              ["Rate", `${money(booking.hourlyRateCents)} / hour`],
              ["Subtotal", money(booking.subtotalCents)],
              ["Service fee", money(booking.feeCents)],
              ["Total", money(booking.totalCents)],
              ["Deposit", money(booking.depositCents)],
              ["Remainder", money(booking.remainderCents)],
              [
                "Commission",
                booking.commissionPercent === null
                  ? "Not fixed yet"
                  : `${booking.commissionPercent} %`,
              ],
              ["Paid with", booking.paymentProvider === "paypal" ? "PayPal" : "Sandbox"],
            ]}
          />
        </Section>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Payments ledger">
          <LedgerLines booking={booking} />
        </Section>
        <Section title="Timeline">
          <Timeline booking={booking} />
        </Section>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section
          title="Delivery"
          action={
            <Link className={linkClass} to={deliveryPhotosPath(booking.id)}>
              Open delivery <ExternalLink className="size-3.5" aria-hidden />
            </Link>
          }
        >
          {d ? (
            <Rows
              rows={[
                ["Status", DELIVERY_LABELS[d.status]],
                ["Delivered", d.deliveredAt ? formatDateTime(d.deliveredAt) : "Not yet"],
                ["Accepted", d.acceptedAt ? formatDateTime(d.acceptedAt) : "Not yet"],
                ...(d.problemReportedAt
                  ? ([
                      ["Problem reported", formatDateTime(d.problemReportedAt)],
                      [
                        "Resolved",
                        d.problemResolvedAt ? formatDateTime(d.problemResolvedAt) : "Open",
                      ],
                    ] as [string, ReactNode][])
                  : []),
              ]}
            />
          ) : (
            <p className="px-4 pb-4 text-sm text-ink-600 sm:px-6">No photos delivered yet.</p>
          )}
        </Section>
        <Section title="Conversation">
          {booking.conversation ? (
            <div className="flex flex-col gap-2 px-4 pb-4 text-sm sm:px-6">
              <p className="text-ink-700">
                The client and creator talked about this booking
                {booking.conversation.lastMessageAt
                  ? `; last message ${formatDateTime(booking.conversation.lastMessageAt)}`
                  : ""}
                . Staff read a conversation through its reports.
              </p>
              {booking.conversation.reports.length === 0 ? (
                <p className="text-ink-500">No reports.</p>
              ) : (
                booking.conversation.reports.map((r) => (
                  <Link key={r.id} className={linkClass} to={conversationReportPath(r.id)}>
                    Report of {formatDateTime(r.at)} ({r.open ? "open" : "resolved"})
                  </Link>
                ))
              )}
            </div>
          ) : (
            <p className="px-4 pb-4 text-sm text-ink-600 sm:px-6">
              No conversation about this booking.
            </p>
          )}
        </Section>
      </div>
      <Section
        title="Staff actions"
        action={
          <Link className={linkClass} to={adminAuditForPath("booking", booking.id)}>
            In the audit log
          </Link>
        }
      >
        {booking.audit.length ? (
          <AuditEntries entries={booking.audit} />
        ) : (
          <p className="px-4 pb-4 text-sm text-ink-600 sm:px-6">
            No staff actions on this booking.
          </p>
        )}
      </Section>
    </div>
  );
}
