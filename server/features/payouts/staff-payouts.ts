import type { AdminPayout, AdminPayoutsResponse } from "../../../contracts/payouts.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { payoutJson } from "./earnings.ts";
import { payoutsWithCreators } from "./earnings-queries.ts";
import type { PayoutRow } from "./payout-queries.ts";

// Staff's payouts screen: manual payouts to send (with the last four digits only; the full
// numbers stay encrypted and are never read here), failures to retry, the latest payouts.

const withCreators = (deps: AppDeps) => payoutsWithCreators(deps.database.db);

type Joined = PayoutRow & { event_type: string | null; start_time: Date; creator_name: string };

export const adminPayoutJson = (p: Joined): AdminPayout => ({
  ...payoutJson(p),
  creatorProfileId: p.creator_profile_id,
  creatorName: p.creator_name,
  receiverEmail: p.receiver_email,
  bankAccountLast4: p.bank_account_last4,
  attempt: p.attempt,
  providerStatus: p.provider_status,
});

export async function listStaffPayouts(deps: AppDeps): Promise<AdminPayoutsResponse> {
  const [manual, failed, recent] = await Promise.all([
    withCreators(deps)
      .where("x.status", "=", "manual_pending")
      .orderBy("x.due_at")
      .limit(200)
      .execute(),
    withCreators(deps)
      .where("x.status", "=", "failed")
      .orderBy("x.updated_at", "desc")
      .limit(200)
      .execute(),
    withCreators(deps)
      .where("x.status", "in", ["paid", "sent", "pending", "processing"])
      .orderBy("x.updated_at", "desc")
      .limit(50)
      .execute(),
  ]);
  return {
    manual: manual.map(adminPayoutJson),
    failed: failed.map(adminPayoutJson),
    recent: recent.map(adminPayoutJson),
  };
}

export async function staffPayout(deps: AppDeps, id: string): Promise<AdminPayout> {
  const row = await withCreators(deps).where("x.id", "=", id).executeTakeFirstOrThrow();
  return adminPayoutJson(row);
}
