import { type CardBalance, normalizeCardUid, spendFrom } from '@kovanica/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

// The card ledger's writers (decision 0023): every change of a card's balance is a `card_transactions`
// row written with the card's new balance, in one statement, with the card's row locked.

/** A `card` event of a batch: the chip, the value played, when and where. */
export interface CardSpend {
  seq: number;
  at: Date;
  locationId: number | null;
  uid: string;
  cents: number;
}

interface LockedCard extends CardBalance {
  id: number;
  status: string;
  uid: string;
}

/**
 * The card debits of a batch's spends, as CTEs of the batch's write statement (`ingestBatch`). Reads
 * and locks the company's cards the spends name, in id order (two batches spending the same cards
 * wait for each other instead of deadlocking), and applies the spends in the batch's time order, the
 * paid credit first (`spendFrom`). A spend on a card the company does not have is left to the events
 * and the revenue; one the card did not cover, or on a card not active, flags the card. Only fresh
 * events reach here (the logger's lock and `(logger, seq)` keep a batch sent again from debiting), and
 * each ledger row names its event, unique, as a last guard. Answers the CTEs and, by the spend's
 * sequence number, how much of it the card's bonus paid (not revenue: docs/rules.md, "Revenue and VAT").
 */
export async function debitCardSpends(
  tx: Tx,
  scope: { companyId: number; deviceId: number; loggerId: number },
  spends: readonly CardSpend[],
): Promise<{ sql: SQL; bonusBySeq: Map<number, number> } | null> {
  if (spends.length === 0) return null;
  const uids = [...new Set(spends.map((s) => normalizeCardUid(s.uid)))];
  const locked = await tx.execute(sql`
    select id, uid, status, paid_cents, bonus_cents from loyalty_cards
    where company_id = ${scope.companyId} and uid in (select jsonb_array_elements_text(${JSON.stringify(uids)}::jsonb)) order by id for update`);
  const cards = new Map<string, LockedCard>();
  for (const r of (locked as unknown as { rows: Record<string, unknown>[] }).rows) {
    const card = {
      id: Number(r.id),
      uid: String(r.uid),
      status: String(r.status),
      paidCents: Number(r.paid_cents),
      bonusCents: Number(r.bonus_cents),
    };
    cards.set(card.uid, card);
  }
  if (cards.size === 0) return null;

  const entries: Record<string, unknown>[] = [];
  const bonusBySeq = new Map<number, number>();
  const after = new Map<number, { paid: number; bonus: number; flag: boolean; last: Date }>();
  for (const spend of [...spends].sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq)) {
    const card = cards.get(normalizeCardUid(spend.uid));
    if (!card) continue;
    const next = spendFrom(card, spend.cents);
    const state = after.get(card.id);
    const flag = (state?.flag ?? false) || next.paidCents < 0 || card.status !== 'active';
    card.paidCents = next.paidCents;
    card.bonusCents = next.bonusCents;
    after.set(card.id, {
      paid: next.paidCents,
      bonus: next.bonusCents,
      flag,
      last: state && state.last > spend.at ? state.last : spend.at,
    });
    if (next.bonusDelta < 0) bonusBySeq.set(spend.seq, -next.bonusDelta);
    entries.push({
      card: card.id,
      at: spend.at.toISOString(),
      paid: next.paidDelta,
      bonus: next.bonusDelta,
      paidAfter: next.paidCents,
      bonusAfter: next.bonusCents,
      location: spend.locationId,
      seq: spend.seq,
    });
  }
  if (entries.length === 0) return null;
  const updates = [...after].map(([id, s]) => ({ id, paid: s.paid, bonus: s.bonus, flag: s.flag, last: s.last.toISOString() }));
  const debits = sql`cu as (update loyalty_cards c set paid_cents = u.paid, bonus_cents = u.bonus, flagged = c.flagged or u.flag,
      last_used_at = greatest(c.last_used_at, u.last), updated_at = now()
    from json_to_recordset(${JSON.stringify(updates)}::json) as u(id int, paid bigint, bonus bigint, flag boolean, last timestamptz)
    where c.id = u.id),
  cl as (insert into card_transactions (company_id, card_id, kind, at, paid_cents, bonus_cents, paid_after_cents, bonus_after_cents,
      device_id, location_id, logger_id, seq)
    select ${scope.companyId}::int, e.card, 'spend', e.at, e.paid, e.bonus, e."paidAfter", e."bonusAfter", ${scope.deviceId}::int, e.location,
      ${scope.loggerId}::int, e.seq
    from json_to_recordset(${JSON.stringify(entries)}::json) as e(card int, at timestamptz, paid bigint, bonus bigint, "paidAfter" bigint,
      "bonusAfter" bigint, location int, seq bigint))`;
  return { sql: debits, bonusBySeq };
}

/**
 * Credits (or, with negative amounts, debits) one card outside the machines: a top-up, a staff
 * correction. Locks the card, writes its new balance and the ledger row together, and answers the
 * ledger row's id and the balance after it. The bonus never goes below zero (`bonus_negative`, checked
 * by the caller with the answer of `lockCard`).
 */
export async function creditCard(
  tx: Tx,
  entry: {
    companyId: number;
    cardId: number;
    kind: 'top_up' | 'adjustment';
    at: Date;
    paidCents: number;
    bonusCents: number;
    topUpId?: number | null;
    userId?: number | null;
    note?: string | null;
  },
): Promise<{ id: number; paidAfterCents: number; bonusAfterCents: number }> {
  const result = await tx.execute(sql`
    with cu as (update loyalty_cards set paid_cents = paid_cents + ${entry.paidCents}::bigint, bonus_cents = bonus_cents + ${entry.bonusCents}::bigint,
        updated_at = now()
      where id = ${entry.cardId} returning paid_cents, bonus_cents)
    insert into card_transactions (company_id, card_id, kind, at, paid_cents, bonus_cents, paid_after_cents, bonus_after_cents, top_up_id,
      user_id, note)
    select ${entry.companyId}::int, ${entry.cardId}::int, ${entry.kind}, ${entry.at.toISOString()}::timestamptz, ${entry.paidCents}::bigint,
      ${entry.bonusCents}::bigint, cu.paid_cents, cu.bonus_cents, ${entry.topUpId ?? null}::int, ${entry.userId ?? null}::int, ${entry.note ?? null}::text
    from cu returning id, paid_after_cents, bonus_after_cents`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) throw new Error(`card ${entry.cardId} vanished under its lock`);
  return { id: Number(row.id), paidAfterCents: Number(row.paid_after_cents), bonusAfterCents: Number(row.bonus_after_cents) };
}

/** Locks one card for a change outside the machines and answers its balance and status (null: no such card). */
export async function lockCard(
  tx: Tx,
  cardId: number,
): Promise<(CardBalance & { companyId: number; ownerId: number; number: string; status: string }) | null> {
  const result = await tx.execute(
    sql`select company_id, owner_id, number, status, paid_cents, bonus_cents from loyalty_cards where id = ${cardId} for update`,
  );
  const r = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!r) return null;
  return {
    companyId: Number(r.company_id),
    ownerId: Number(r.owner_id),
    number: String(r.number),
    status: String(r.status),
    paidCents: Number(r.paid_cents),
    bonusCents: Number(r.bonus_cents),
  };
}
