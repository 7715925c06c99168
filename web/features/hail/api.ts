import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { BOOKING_IDEMPOTENCY_HEADER } from "../../../contracts/bookings.ts";
import {
  type CreateHailRequest,
  HAIL_TAKEN_MESSAGE,
  type Hail,
  type HailOffer,
  ZCreateHailResponse,
  ZCurrentHailResponse,
  ZHail,
  ZHailOffer,
  ZHailOfferResponse,
  ZHailOffersResponse,
  ZHailQuote,
  ZHailResponse,
} from "../../../contracts/hail.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { isApiError, toastApiError } from "../../lib/api-errors.ts";
import { subscribeEvents } from "../../lib/events.ts";
import { hailKeys } from "./keys.ts";
import { ACCEPT_FAILED, CANCEL_FAILED, DECLINE_FAILED } from "./strings.ts";

export { hailKeys };

const HAILS = "/hails";
const OFFERS = "/hail-offers";

/** The point to quote: the browser's position, or a typed place (a ZIP or "City, ST"). */
export type QuoteInput = {
  service: string;
  hours: number;
  startInMinutes: number;
  radiusMiles: number;
} & ({ lat: number; lng: number } | { place: string });

/** Who could be reached and the price range; asked only once the place is known. */
export function useHailQuote(input: QuoteInput | null) {
  return useQuery({
    queryKey: hailKeys.quote(input ?? {}),
    queryFn: ({ signal }) => {
      const q = input as QuoteInput;
      const query = new URLSearchParams({
        service: q.service,
        hours: String(q.hours),
        startInMinutes: String(q.startInMinutes),
        radiusMiles: String(q.radiusMiles),
        ...("place" in q ? { place: q.place } : { lat: String(q.lat), lng: String(q.lng) }),
      });
      return apiRequest("GET", `${HAILS}/quote?${query}`, ZHailQuote, { signal });
    },
    enabled: input !== null,
    staleTime: 15_000,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

export function createHail(body: CreateHailRequest, idempotencyKey: string) {
  return apiRequest("POST", HAILS, ZCreateHailResponse, {
    body,
    headers: { [BOOKING_IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

/** The client's open hail (else the latest of the last hour); `enabled` keeps it lazy. */
export function useCurrentHail(enabled: boolean) {
  return useQuery({
    queryKey: hailKeys.current,
    queryFn: ({ signal }) =>
      apiRequest("GET", `${HAILS}/current`, ZCurrentHailResponse, { signal }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export function useHail(id: string) {
  return useQuery({
    queryKey: hailKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiRequest("GET", `${HAILS}/${id}`, ZHailResponse, { signal })).hail,
    enabled: Boolean(id),
    retry: false,
    // Back from the payment tab: the hold may have been approved meanwhile.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The hail's own changes, live; a stream that could not replay what it missed reloads it. */
export function useLiveHail(id: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!id) return;
    return subscribeEvents(REALTIME_TOPICS.hails, {
      onEvent: (payload) => {
        const parsed = ZHail.safeParse(payload);
        if (parsed.success && parsed.data.id === id) {
          client.setQueryData(hailKeys.detail(id), parsed.data);
          void client.invalidateQueries({ queryKey: hailKeys.current });
        }
      },
      onResync: () => void client.invalidateQueries({ queryKey: hailKeys.detail(id) }),
    });
  }, [client, id]);
}

export function useCancelHail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest("POST", `${HAILS}/${id}/cancel`, ZHailResponse, { body: {} })).hail,
    meta: { errorTitle: CANCEL_FAILED },
    onSuccess: (hail: Hail) => client.setQueryData(hailKeys.detail(hail.id), hail),
    onSettled: () => client.invalidateQueries({ queryKey: hailKeys.all }),
  });
}

// ── The creator's side ──────────────────────────────────────────────────────────────────────

/** The hails reaching this creator. Anyone else is refused (403): then nothing is asked again. */
export function useHailOffers(userId: string) {
  return useQuery({
    queryKey: [...hailKeys.offers, userId],
    queryFn: async ({ signal }) =>
      (await apiRequest("GET", OFFERS, ZHailOffersResponse, { signal })).offers,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Puts an offer (new, or changed) into the creator's cached list. */
export function upsertOffer(list: HailOffer[] | undefined, offer: HailOffer): HailOffer[] {
  const rest = (list ?? []).filter((o) => o.hailId !== offer.hailId);
  return [...rest, offer];
}

export function useOfferAnswer(userId: string, answer: "accept" | "decline") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (hailId: string) =>
      (await apiRequest("POST", `${OFFERS}/${hailId}/${answer}`, ZHailOfferResponse, { body: {} }))
        .offer,
    onSuccess: (offer: HailOffer) =>
      client.setQueryData<HailOffer[]>([...hailKeys.offers, userId], (list) =>
        upsertOffer(list, offer),
      ),
    // In the hook, not in mutate(): the toast shows even if the card is gone by then. Losing
    // the race is no error: the card itself says 'Taken'.
    onError: (error) => {
      if (isApiError(error, "conflict") && error.message === HAIL_TAKEN_MESSAGE) return;
      toastApiError(error, answer === "accept" ? ACCEPT_FAILED : DECLINE_FAILED);
    },
  });
}

/** New offers and their changes, live; `onOffer` hears each (e.g. to ring for a new one). */
export function useLiveHailOffers(
  userId: string,
  enabled: boolean,
  onOffer: (offer: HailOffer, previous: HailOffer | undefined) => void,
) {
  const client = useQueryClient();
  const onOfferRef = useRef(onOffer);
  onOfferRef.current = onOffer;
  useEffect(() => {
    if (!enabled) return;
    const key = [...hailKeys.offers, userId];
    return subscribeEvents(REALTIME_TOPICS.hailOffers, {
      onEvent: (payload) => {
        const parsed = ZHailOffer.safeParse(payload);
        if (!parsed.success) return;
        const previous = client
          .getQueryData<HailOffer[]>(key)
          ?.find((o) => o.hailId === parsed.data.hailId);
        client.setQueryData<HailOffer[]>(key, (list) => upsertOffer(list, parsed.data));
        onOfferRef.current(parsed.data, previous);
      },
      onResync: () => void client.invalidateQueries({ queryKey: key }),
    });
  }, [client, userId, enabled]);
}
