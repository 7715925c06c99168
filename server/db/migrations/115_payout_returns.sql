-- A PayPal payout can come back after it was paid: refunded by its receiver, reversed by
-- PayPal, or returned unclaimed. The payout goes back to failed, for staff to send again, and a
-- payout_return line puts its money back in the creator's balance. Every attempt of a payout
-- writes at most one payout line and one return line, so payout lines carry their attempt.
alter table payout_lines drop constraint payout_lines_kind_check;
alter table payout_lines add constraint payout_lines_kind_check check (
  kind in ('earning', 'commission', 'service_fee', 'refund', 'adjustment', 'payout', 'payout_return')
);
alter table payout_lines add column payout_attempt integer;
update payout_lines l set payout_attempt = p.attempt
  from payouts p where l.payout_id = p.id and l.kind = 'payout';
alter table payout_lines add constraint payout_lines_payout_attempt_check check (
  kind not in ('payout', 'payout_return') or (payout_id is not null and payout_attempt is not null)
);
drop index payout_lines_payout_once;
create unique index payout_lines_payout_once on payout_lines (payout_id, payout_attempt, kind)
  where kind in ('payout', 'payout_return');

-- A payout item's webhook finds its payout by PayPal's item id.
create index payouts_provider_item_idx on payouts (provider_item_id)
  where provider_item_id is not null;
