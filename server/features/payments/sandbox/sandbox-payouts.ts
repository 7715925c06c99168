import type { Database } from "../../../db/database.ts";
import {
  type CreatePayoutInput,
  PaymentError,
  type PaymentProvider,
  type PayoutBatch,
} from "../provider.ts";
import { storedRequest } from "./sandbox-queries.ts";
import { once } from "./sandbox-store.ts";

// The sandbox's payouts: paid at once, kept as the answer to the sender_batch_id (a repeat
// answers the same batch, like PayPal's duplicate refusal that names the original). A receiver
// address starting with "fail" gets a FAILED item, so the failure path can be walked locally.

const PREFIX = "SBXPAYOUT-";

export function sandboxPayouts(
  database: Database,
): Pick<PaymentProvider, "createPayout" | "getPayoutBatch"> {
  return {
    createPayout(input: CreatePayoutInput) {
      return once(
        database,
        "createPayout",
        input.senderBatchId,
        async () => {
          const failed = input.receiverEmail.toLowerCase().startsWith("fail");
          const batch: PayoutBatch = {
            batchId: `${PREFIX}${input.senderBatchId}`,
            batchStatus: failed ? "DENIED" : "SUCCESS",
            items: [
              {
                itemId: `SBXITEM-${input.senderItemId}`,
                senderItemId: input.senderItemId,
                status: failed ? "FAILED" : "SUCCESS",
                amountCents: input.amountCents,
                error: failed ? "RECEIVER_UNREGISTERED" : null,
              },
            ],
          };
          return { ok: batch };
        },
        (stored) => stored as PayoutBatch,
      );
    },
    async getPayoutBatch(batchId: string) {
      const stored = batchId.startsWith(PREFIX)
        ? await storedRequest(database.db, batchId.slice(PREFIX.length))
        : undefined;
      const response = stored?.response as { operation?: string; result?: PayoutBatch } | undefined;
      if (response?.operation !== "createPayout" || !response.result) {
        throw new PaymentError("not_found", `No payout batch ${batchId}`, "INVALID_RESOURCE_ID");
      }
      return response.result;
    },
  };
}
