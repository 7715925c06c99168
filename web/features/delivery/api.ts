import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  type Delivery,
  deliveryApiPath,
  resolveDeliveryApiPath,
  ZDeliveryResponse,
  ZFavouriteRequest,
} from "../../../contracts/delivery.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";

export const deliveryKey = (bookingId: string) => ["delivery", bookingId] as const;
const ZNothing = z.unknown();

export function useDelivery(bookingId: string) {
  return useQuery({
    queryKey: deliveryKey(bookingId),
    queryFn: ({ signal }) =>
      apiRequest("GET", deliveryApiPath(bookingId), ZDeliveryResponse, { signal }).then(
        (r) => r.delivery,
      ),
  });
}

/** A change that answers the delivery: the page shows the answer at once. */
function useDeliveryChange<T>(
  bookingId: string,
  request: (input: T) => Promise<{ delivery: Delivery }>,
  { errorTitle, success }: { errorTitle: string; success?: string },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: { errorTitle },
    onSuccess: ({ delivery }) => {
      client.setQueryData(deliveryKey(bookingId), delivery);
      if (success) toast.success(success);
    },
  });
}

const post = (bookingId: string, action: string, body: unknown = {}) =>
  apiRequest("POST", `${deliveryApiPath(bookingId)}/${action}`, ZDeliveryResponse, { body });

export const useDeliver = (bookingId: string) =>
  useDeliveryChange(bookingId, () => post(bookingId, "deliver"), {
    errorTitle: "Could not deliver the photos",
    success: "Photos delivered: the client has been told",
  });

export const useAccept = (bookingId: string) =>
  useDeliveryChange(bookingId, () => post(bookingId, "accept"), {
    errorTitle: "Could not accept the delivery",
    success: "Delivery accepted. Thank you!",
  });

export const useReportProblem = (bookingId: string) =>
  useDeliveryChange(bookingId, (problem: string) => post(bookingId, "report", { problem }), {
    errorTitle: "Could not send the report",
    success: "Problem reported: our team will be in touch",
  });

export const useVideoLink = (bookingId: string) =>
  useDeliveryChange(
    bookingId,
    (videoUrl: string) =>
      apiRequest("PUT", `${deliveryApiPath(bookingId)}/video`, ZDeliveryResponse, {
        body: { videoUrl },
      }),
    { errorTitle: "Could not save the video link", success: "Video link saved" },
  );

export const useResolve = (bookingId: string) =>
  useDeliveryChange(
    bookingId,
    (resolution: string) =>
      apiRequest("POST", resolveDeliveryApiPath(bookingId), ZDeliveryResponse, {
        body: { resolution },
      }),
    { errorTitle: "Could not resolve the problem", success: "Problem resolved" },
  );

/** Marks a photo at once; the server's answer (or its refusal) settles it. */
export function useFavourite(bookingId: string) {
  const client = useQueryClient();
  const mark = (fileId: string, favourite: boolean) =>
    client.setQueryData<Delivery>(deliveryKey(bookingId), (d) =>
      d ? { ...d, files: d.files.map((f) => (f.id === fileId ? { ...f, favourite } : f)) } : d,
    );
  return useMutation({
    mutationFn: ({ fileId, favourite }: { fileId: string; favourite: boolean }) =>
      apiRequest(
        "PUT",
        `${deliveryApiPath(bookingId)}/files/${fileId}/favourite`,
        ZFavouriteRequest,
        {
          body: { favourite },
        },
      ),
    meta: { errorTitle: "Could not save the favourite" },
    onMutate: ({ fileId, favourite }) => mark(fileId, favourite),
    onError: (_error, { fileId, favourite }) => mark(fileId, !favourite),
  });
}

export function useRemovePhoto(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      apiRequest("DELETE", `${deliveryApiPath(bookingId)}/files/${fileId}`, ZNothing),
    meta: { errorTitle: "Could not remove the photo" },
    onSuccess: (_r, fileId) =>
      client.setQueryData<Delivery>(deliveryKey(bookingId), (d) =>
        d ? { ...d, files: d.files.filter((f) => f.id !== fileId) } : d,
      ),
  });
}
