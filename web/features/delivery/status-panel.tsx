import { AlertTriangle, CheckCircle2, Clock, Film } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { Delivery } from "../../../contracts/delivery.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Label, Textarea } from "../../components/ui/input.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useAccept, useReportProblem, useResolve } from "./api.ts";
import {
  ACCEPT_DELIVERY,
  ACCEPTED_BY_LABEL,
  NOT_DELIVERED_YET,
  REPORT_PROBLEM,
} from "./strings.ts";

function Note({
  tone,
  icon,
  children,
}: {
  tone: "info" | "ok" | "warn";
  icon: ReactNode;
  children: ReactNode;
}) {
  const tones = {
    info: "border-brand-200 bg-brand-50 text-brand-900",
    ok: "border-emerald-200 bg-emerald-50 text-emerald-900",
    warn: "border-amber-200 bg-amber-50 text-amber-900",
  };
  return (
    <div role="status" className={`flex gap-3 rounded-2xl border p-4 text-sm ${tones[tone]}`}>
      <span className="mt-0.5 shrink-0 [&_svg]:size-5">{icon}</span>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/** A dialog asking for text (the client's problem, staff's resolution). */
function TextDialog(props: {
  trigger: ReactNode;
  title: string;
  description: string;
  label: string;
  submit: string;
  pending: boolean;
  onSubmit: (text: string, close: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <span onClickCapture={() => setOpen(true)}>{props.trigger}</span>
      <DialogContent title={props.title} description={props.description}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) props.onSubmit(text.trim(), () => setOpen(false));
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="delivery-text">{props.label}</Label>
            <Textarea
              id="delivery-text"
              rows={4}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!text.trim() || props.pending}>
              {props.submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ClientDecision({ delivery }: { delivery: Delivery }) {
  const accept = useAccept(delivery.bookingId);
  const report = useReportProblem(delivery.bookingId);
  return (
    <Note tone="info" icon={<Clock />}>
      <p className="font-semibold">Happy with your photos?</p>
      <p className="mt-1">
        Accept the delivery, or report a problem. It is accepted automatically on{" "}
        <strong>{formatDateTime(delivery.acceptBy!)}</strong>.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => accept.mutate(undefined)} disabled={accept.isPending}>
          <CheckCircle2 aria-hidden /> {ACCEPT_DELIVERY}
        </Button>
        <TextDialog
          trigger={<Button variant="outline">{REPORT_PROBLEM}</Button>}
          title={REPORT_PROBLEM}
          description="Tell us what is wrong with the photos. The creator's payout waits until our team has looked into it."
          label="What is the problem?"
          submit="Send report"
          pending={report.isPending}
          onSubmit={(text, close) => report.mutate(text, { onSuccess: close })}
        />
      </div>
    </Note>
  );
}

function Problem({ delivery }: { delivery: Delivery }) {
  const resolve = useResolve(delivery.bookingId);
  return (
    <Note tone="warn" icon={<AlertTriangle />}>
      <p className="font-semibold">
        {delivery.role === "client" ? "You reported a problem" : "The client reported a problem"} on{" "}
        {formatDateTime(delivery.problemReportedAt!)}
      </p>
      <blockquote className="mt-2 whitespace-pre-line border-l-2 border-amber-300 pl-3">
        {delivery.problemText}
      </blockquote>
      <p className="mt-2">
        {delivery.role === "staff"
          ? "The payout waits until you resolve it."
          : "Our team is looking into it; the payout waits until it is resolved."}
      </p>
      {delivery.role === "staff" ? (
        <div className="mt-3">
          <TextDialog
            trigger={<Button>Resolve problem</Button>}
            title="Resolve the problem"
            description="The delivery then counts as accepted and the creator's payout can follow. Both parties see your resolution."
            label="Resolution"
            submit="Resolve"
            pending={resolve.isPending}
            onSubmit={(text, close) => resolve.mutate(text, { onSuccess: close })}
          />
        </div>
      ) : null}
    </Note>
  );
}

/** Where the delivery stands, and what the viewer can do about it. */
export function StatusPanel({ delivery }: { delivery: Delivery }) {
  const video = delivery.videoUrl ? (
    <Note tone="info" icon={<Film />}>
      <a
        href={delivery.videoUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold underline"
      >
        Watch the video delivery
      </a>
    </Note>
  ) : null;
  const body = (() => {
    switch (delivery.status) {
      case "none":
      case "draft":
        return delivery.role === "client" ? (
          <Note tone="info" icon={<Clock />}>
            <p className="font-semibold">{NOT_DELIVERED_YET}</p>
            <p className="mt-1">
              {delivery.creatorName} will upload them after your session; we will tell you when they
              are ready.
            </p>
          </Note>
        ) : delivery.role === "staff" ? (
          <Note tone="info" icon={<Clock />}>
            <p className="font-semibold">{NOT_DELIVERED_YET}</p>
          </Note>
        ) : null;
      case "delivered":
        return delivery.role === "client" ? (
          <ClientDecision delivery={delivery} />
        ) : (
          <Note tone="info" icon={<Clock />}>
            Delivered on {formatDateTime(delivery.deliveredAt!)}. The client has until{" "}
            {formatDateTime(delivery.acceptBy!)} to accept or report a problem.
          </Note>
        );
      case "disputed":
        return <Problem delivery={delivery} />;
      case "accepted":
        return (
          <Note tone="ok" icon={<CheckCircle2 />}>
            <p className="font-semibold">
              Delivery accepted {ACCEPTED_BY_LABEL[delivery.acceptedBy ?? "client"]} on{" "}
              {formatDateTime(delivery.acceptedAt!)}
            </p>
            {delivery.problemResolution ? (
              <p className="mt-1">Resolution: {delivery.problemResolution}</p>
            ) : null}
          </Note>
        );
    }
  })();
  return (
    <div className="flex flex-col gap-3">
      {body}
      {video}
    </div>
  );
}
