import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  ZAdminPayoutResponse,
  ZAdminPayoutsResponse,
  ZAdminTiersResponse,
  ZEarningsResponse,
  ZTierChangeResponse,
} from "../../../contracts/payouts.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { showError } from "../../lib/api-errors.ts";
import { subscribeEvents } from "../../lib/events.ts";
import { formatCents } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";

export const earningsKeys = {
  all: ["earnings"] as const,
  mine: (userId: string | undefined) => ["earnings", userId] as const,
  staffPayouts: ["admin", "payouts"] as const,
  staffTiers: ["admin", "tiers"] as const,
};

/** The CSV download is a plain link: the server answers text/csv as an attachment. */
export const EARNINGS_CSV_URL = "/api/earnings/export";

export function useEarnings(userId: string | undefined) {
  return useQuery({
    queryKey: earningsKeys.mine(userId),
    queryFn: ({ signal }) => apiRequest("GET", "/earnings", ZEarningsResponse, { signal }),
    enabled: !!userId,
    retry: false,
  });
}

/**
 * One of the creator's payouts changed status (sent, paid, failed, taken back): reload their
 * earnings. A dropped stream replays what it missed; when it cannot, reload.
 */
export function useLivePayouts() {
  const client = useQueryClient();
  useEffect(() => {
    const reload = () => void client.invalidateQueries({ queryKey: earningsKeys.all });
    return subscribeEvents(REALTIME_TOPICS.payouts, { onEvent: reload, onResync: reload });
  }, [client]);
}

export function useStaffPayouts() {
  return useQuery({
    queryKey: earningsKeys.staffPayouts,
    queryFn: ({ signal }) => apiRequest("GET", "/admin/payouts", ZAdminPayoutsResponse, { signal }),
  });
}

export function useStaffTiers() {
  return useQuery({
    queryKey: earningsKeys.staffTiers,
    queryFn: ({ signal }) => apiRequest("GET", "/admin/tiers", ZAdminTiersResponse, { signal }),
  });
}

export function useMarkSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reason: string | null }) =>
      apiRequest("POST", `/admin/payouts/${input.id}/mark-sent`, ZAdminPayoutResponse, {
        body: { reason: input.reason },
      }),
    onSuccess: ({ payout }) => {
      toast.success("Payout marked as sent", {
        description: `${payout.creatorName} · ${formatCents(payout.amountCents)}`,
      });
      return queryClient.invalidateQueries({ queryKey: earningsKeys.staffPayouts });
    },
    meta: { errorTitle: "Could not mark the payout as sent" },
  });
}

export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest("POST", `/admin/payouts/${id}/retry`, ZAdminPayoutResponse, { body: {} }),
    onSuccess: ({ payout }) => {
      if (payout.status === "failed")
        showError("The payout failed again", payout.failureReason ?? undefined);
      else toast.success("Payout sent again");
      return queryClient.invalidateQueries({ queryKey: earningsKeys.staffPayouts });
    },
    meta: { errorTitle: "Could not retry the payout" },
  });
}

export function useSetVip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; vip: boolean }) =>
      apiRequest("PUT", `/admin/tiers/${input.id}/vip`, ZTierChangeResponse, {
        body: { vip: input.vip, reason: null },
      }),
    onSuccess: (_data, input) => {
      toast.success(input.vip ? "Invited to VIP" : "VIP invitation removed");
      return queryClient.invalidateQueries({ queryKey: earningsKeys.staffTiers });
    },
    meta: { errorTitle: "Could not change the tier" },
  });
}
