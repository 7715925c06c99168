import { useNavigate } from "react-router";
import type { CreateHailRequest } from "../../../contracts/hail.ts";
import { hailPagePath } from "../../../contracts/routes.ts";
import { approvalHref } from "../../lib/payment-tab.ts";
import { usePaymentSubmit } from "../../lib/use-payment-submit.ts";
import { createHail } from "./api.ts";
import { rememberHail } from "./session-hails.ts";
import { HAIL_FAILED, HOLD_IN_NEW_TAB } from "./strings.ts";

/**
 * Sends a hail and opens the provider's approval of its hold in a new tab (as a booking's
 * deposit), then shows the hail's live view. `hail` must be called inside the click.
 */
export function useCreateHail({ onCreated }: { onCreated?: () => void } = {}) {
  const navigate = useNavigate();
  const { submit, processing } = usePaymentSubmit({
    request: (body: CreateHailRequest, key: string) => createHail(body, key),
    onCreated: ({ hail, order }, body) => {
      rememberHail(hail.id, { request: body, approveHref: approvalHref(order) });
      onCreated?.();
      navigate(hailPagePath(hail.id));
    },
    failedTitle: HAIL_FAILED,
    proceedDescription: HOLD_IN_NEW_TAB,
  });
  return { hail: submit, processing };
}
