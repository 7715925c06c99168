import { useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { HailOffer } from "../../../contracts/hail.ts";
import { isApiError } from "../../lib/api-errors.ts";
import { useSession } from "../../lib/auth-client.ts";
import { formatCents } from "../../lib/format.ts";
import { beep, notifyWhenHidden, useNotificationPermission } from "./alerts.ts";
import { hailKeys, upsertOffer, useHailOffers, useLiveHailOffers } from "./api.ts";
import { OfferCard } from "./offer-card.tsx";
import { ALERTS_ON, ENABLE_ALERTS, earnLabel, NEW_HAIL, OFFERS_REGION } from "./strings.ts";

/** A card that says 'Taken' stays this long, so the creator sees why it went. */
export const TAKEN_LINGER_MS = 4000;

const SHOWN: ReadonlySet<HailOffer["status"]> = new Set(["offered", "taken", "accepted"]);

function EnableAlerts() {
  const { permission, ask } = useNotificationPermission();
  if (permission === "unsupported" || permission === "denied") return null;
  if (permission === "granted") {
    return (
      <span className="pointer-events-auto inline-flex items-center gap-1 self-end rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-emerald-700 shadow ring-1 ring-ink-200">
        <Bell className="size-3.5" aria-hidden /> {ALERTS_ON}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void ask()}
      className="pointer-events-auto inline-flex items-center gap-1 self-end rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-700 shadow ring-1 ring-ink-200 hover:bg-brand-50"
    >
      <Bell className="size-3.5" aria-hidden /> {ENABLE_ALERTS}
    </button>
  );
}

/** Incoming hails for a creator, on every page (mounted for signed-in visitors only). */
function Offers({ userId }: { userId: string }) {
  const client = useQueryClient();
  const query = useHailOffers(userId);
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const forbidden = isApiError(query.error, "forbidden");

  const onOffer = useCallback((offer: HailOffer, previous: HailOffer | undefined) => {
    if (offer.status !== "offered" || previous) return;
    // A hail reaching the creator again (e.g. widened) is new: show its card again.
    setGone((set) => {
      if (!set.has(offer.hailId)) return set;
      const next = new Set(set);
      next.delete(offer.hailId);
      return next;
    });
    beep();
    notifyWhenHidden(
      `${NEW_HAIL}: ${offer.service}, ${offer.hours} h`,
      `${offer.area} · ${earnLabel(formatCents(offer.netEarningsCents, offer.currency))}`,
      offer.hailId,
    );
  }, []);
  useLiveHailOffers(userId, query.isSuccess, onOffer);

  const remove = useCallback((hailId: string) => setGone((set) => new Set(set).add(hailId)), []);
  const markTaken = useCallback(
    (offer: HailOffer) =>
      client.setQueryData<HailOffer[]>([...hailKeys.offers, userId], (list) =>
        upsertOffer(list, { ...offer, status: "taken" }),
      ),
    [client, userId],
  );

  const offers = (query.data ?? [])
    .filter((o) => SHOWN.has(o.status) && !gone.has(o.hailId))
    .sort((a, b) => (a.liveUntil ?? "").localeCompare(b.liveUntil ?? ""));
  const takenKey = offers
    .filter((o) => o.status === "taken")
    .map((o) => o.hailId)
    .join();

  // 'Taken' cards go after a few seconds.
  useEffect(() => {
    if (!takenKey) return;
    const timer = setTimeout(
      () => setGone((set) => new Set([...set, ...takenKey.split(",")])),
      TAKEN_LINGER_MS,
    );
    return () => clearTimeout(timer);
  }, [takenKey]);

  if (forbidden || !offers.length) return null;
  return (
    <section
      ref={reserveRoom}
      aria-label={OFFERS_REGION}
      className="pointer-events-none fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-40 flex max-h-[70dvh] flex-col gap-2 overflow-y-auto p-3 md:inset-x-auto md:bottom-6 md:right-6 md:w-[24rem] md:p-0"
    >
      <EnableAlerts />
      {offers.map((offer) => (
        <OfferCard
          key={offer.hailId}
          offer={offer}
          userId={userId}
          onGone={remove}
          onTaken={markTaken}
        />
      ))}
    </section>
  );
}

/**
 * While the floating cards show, the page gets as much room at its end as they take, so what
 * they cover (e.g. the schedule's Buffer field) can be scrolled out from under them.
 */
function reserveRoom(section: HTMLElement | null) {
  if (!section || typeof ResizeObserver === "undefined") return;
  const body = document.body;
  const observer = new ResizeObserver(() => {
    body.style.paddingBottom = `${section.offsetHeight + 24}px`;
  });
  observer.observe(section);
  return () => {
    observer.disconnect();
    body.style.paddingBottom = "";
  };
}

export default function CreatorHailOffers() {
  const { data: session } = useSession();
  const userId = session?.user.id;
  return userId ? <Offers key={userId} userId={userId} /> : null;
}
