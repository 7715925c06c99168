import type { Delivery } from "../../../contracts/delivery.ts";
import { PageHeading } from "../../components/ui/page.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { Gallery } from "./gallery.tsx";
import { StatusPanel } from "./status-panel.tsx";
import { PHOTOS_TITLE } from "./strings.ts";
import { UploadPanel } from "./upload-panel.tsx";

function subtitle(d: Delivery) {
  const when = formatDateTime(d.sessionStart);
  if (d.role === "client") return `Your session with ${d.creatorName}, ${when}`;
  if (d.role === "creator") return `Your session with ${d.clientName}, ${when}`;
  return `${d.clientName} with ${d.creatorName}, ${when}`;
}

/** The booking's delivery: the creator uploads and delivers, the client views and decides. */
export function DeliveryScreen({ delivery }: { delivery: Delivery }) {
  return (
    <>
      <PageHeading title={PHOTOS_TITLE} subtitle={subtitle(delivery)} />
      <div className="flex flex-col gap-6">
        <StatusPanel delivery={delivery} />
        {delivery.canUpload ? <UploadPanel delivery={delivery} /> : null}
        {delivery.role === "creator" && !delivery.canUpload && delivery.status === "none" ? (
          <p className="text-ink-600">You can upload the photos once the session has ended.</p>
        ) : null}
      </div>
      {delivery.files.length > 0 ? <Gallery delivery={delivery} /> : null}
    </>
  );
}
