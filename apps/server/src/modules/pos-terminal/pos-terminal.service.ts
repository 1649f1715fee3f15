import { normalizeCardUid, PIN_LOCK_MINUTES, type PosCard, type PosSession, type PosTopUp, type PosTopUpAnswer } from '@kovanica/contract';
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { bills, cardHolders, loyaltyCards, posLocations, posWorkers } from '../../db/schema/index.ts';
import type { FiscalKeys } from '../../fiscal/keys.ts';
import { refusedKey, tooMany } from '../../security/attempts.ts';
import { bearerOf } from '../../security/credentials.ts';
import type { Limits } from '../../security/limits.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { posLocationByTerminalKey } from '../pos-locations/pos-locations.service.ts';
import { posWorkerActor, verifyWorkerPin } from '../pos-workers/pos-workers.service.ts';
import { sellCredit } from '../top-ups/top-ups.service.ts';
import { issuePosSession, readPosSession } from './pos-terminal.sessions.ts';

/** Who is at the terminal: the worker signed in, at their point of sale, of their company. */
export interface TerminalSession {
  workerId: number;
  companyId: number;
  posLocation: { id: number; premisesLabel: string; isu: string; active: boolean };
}

/**
 * The POS terminal's API (decision 0023; docs/api-guide.md "2. The POS terminal"): the terminal proves its point of sale with its
 * credential, a worker signs in with a PIN (rate-limited by `verifyWorkerPin`) and gets a session for
 * a shift; top-ups, balances and blocks go through that session.
 */
/** PIN sign-ins per terminal and per address (beside each worker's own lockout), as for users' sign-ins (docs/api.md, "Limits"). */
export const POS_SIGN_IN_LIMITS = { perTerminal: { max: 30, windowMs: 15 * 60_000 }, perAddress: { max: 50, windowMs: 15 * 60_000 } };

// Long because: the terminal's methods share the database, the fiscal keys, the session key and the limits by closure; each method is short.
export function posTerminalService(db: Db, keys: FiscalKeys, sessionKey: Buffer, limits: Limits) {
  const cardOf = async (companyId: number, uid: string): Promise<PosCard> => {
    const [row] = await db
      .select({
        uid: loyaltyCards.uid,
        number: loyaltyCards.number,
        status: loyaltyCards.status,
        paidCents: loyaltyCards.paidCents,
        bonusCents: loyaltyCards.bonusCents,
        holderName: sql<string | null>`(select h.name || ' ' || h.surname from ${cardHolders} h where h.id = ${loyaltyCards.holderId})`,
      })
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.uid, normalizeCardUid(uid))));
    if (!row) throw new DomainError(404, 'card_unknown');
    return { ...row, balanceCents: row.paidCents + row.bonusCents };
  };
  const cardIdOf = async (companyId: number, uid: string) => {
    const [row] = await db
      .select({ id: loyaltyCards.id })
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.uid, normalizeCardUid(uid))));
    if (!row) throw new DomainError(404, 'card_unknown');
    return row.id;
  };

  return {
    /**
     * A worker's sign-in at a terminal. Attempts are taken per address and per terminal before the PIN
     * is checked (an unknown worker costs a decoy check too), then the worker's own lockout
     * (`verifyWorkerPin`); a success gives its terminal and address attempts back.
     */
    async signIn(authorization: string | undefined, input: { worker: number; pin: string }, address: string): Promise<PosSession> {
      const addressKey = `pos:address:${address}`;
      const byAddress = await limits.take(addressKey, POS_SIGN_IN_LIMITS.perAddress);
      if (!byAddress.ok) throw tooMany('too_many_attempts', byAddress.retryAfter);
      const place = await posLocationByTerminalKey(db, bearerOf(authorization));
      if (!place)
        throw await refusedKey(limits, address, new DomainError(401, 'bad_terminal_credential', {}, [], { 'www-authenticate': 'Bearer' }));
      if (!place.active) throw new DomainError(409, 'pos_inactive');
      const terminalKey = `pos:terminal:${place.id}`;
      const byTerminal = await limits.take(terminalKey, POS_SIGN_IN_LIMITS.perTerminal);
      if (!byTerminal.ok) throw tooMany('too_many_attempts', byTerminal.retryAfter);
      const check = await verifyWorkerPin(db, { posLocationId: place.id, workerId: input.worker, pin: input.pin });
      if (check.ok) {
        await limits.giveBack(terminalKey, byTerminal);
        await limits.giveBack(addressKey, byAddress);
        // Every action at a terminal is in the audit trail: the sign-in too (a top-up and a block are).
        await recordChange(db, await posWorkerActor(db, check.worker.id, address), {
          resource: 'pos-workers',
          recordId: check.worker.id,
          companyId: place.companyId,
          action: 'sign-in',
          after: { posLocationId: place.id },
        });
      } else {
        if (check.reason === 'locked') {
          const seconds = String(PIN_LOCK_MINUTES * 60);
          throw new DomainError(429, 'pin_locked', { minutes: PIN_LOCK_MINUTES }, [], { 'retry-after': seconds });
        }
        // Unknown, inactive and wrong answer alike: the terminal learns nothing about who exists.
        throw new DomainError(401, 'wrong_pin');
      }
      const [location] = await db.select({ name: posLocations.name }).from(posLocations).where(eq(posLocations.id, place.id));
      const { token, expiresAt } = issuePosSession(sessionKey, { w: check.worker.id, l: place.id, c: place.companyId });
      return {
        token,
        expiresAt: expiresAt.toISOString(),
        worker: { id: check.worker.id, name: `${check.worker.name} ${check.worker.surname}` },
        posLocation: { id: place.id, name: location?.name ?? '' },
      };
    },

    /**
     * The session a call carries, checked against the rows now: the worker active at the same point of
     * sale, neither the PIN nor the terminal's credential changed since it was issued.
     */
    async session(authorization: string | undefined): Promise<TerminalSession> {
      const claims = readPosSession(sessionKey, bearerOf(authorization));
      const refuse = () => new DomainError(401, 'bad_pos_session', {}, [], { 'www-authenticate': 'Bearer' });
      if (!claims) throw refuse();
      const [row] = await db
        .select({
          active: posWorkers.active,
          workerLocation: posWorkers.posLocationId,
          pinSetAt: posWorkers.pinSetAt,
          keyIssuedAt: posLocations.terminalKeyIssuedAt,
          sessionsEndedAt: posLocations.sessionsEndedAt,
          premisesLabel: posLocations.premisesLabel,
          isu: posLocations.isu,
          locationActive: posLocations.active,
          companyId: posLocations.companyId,
        })
        .from(posWorkers)
        .innerJoin(posLocations, eq(posLocations.id, posWorkers.posLocationId))
        .where(eq(posWorkers.id, claims.w));
      const changedSince = (at: Date | null) => at !== null && at.getTime() > claims.iat;
      // A point of sale switched off ends its sessions, as a new PIN or terminal key does.
      if (!row?.active || !row.locationActive || row.workerLocation !== claims.l || row.companyId !== claims.c) throw refuse();
      if (changedSince(row.pinSetAt) || changedSince(row.keyIssuedAt) || changedSince(row.sessionsEndedAt)) throw refuse();
      return {
        workerId: claims.w,
        companyId: row.companyId,
        posLocation: { id: claims.l, premisesLabel: row.premisesLabel, isu: row.isu, active: row.locationActive },
      };
    },

    card: (session: TerminalSession, uid: string) => cardOf(session.companyId, uid),

    async topUp(
      session: TerminalSession,
      input: PosTopUp,
      ip: string | null = null,
    ): Promise<{ answer: PosTopUpAnswer; created: boolean }> {
      const cardId = await cardIdOf(session.companyId, input.cardUid);
      const { id, created } = await sellCredit(db, keys, {
        companyId: session.companyId,
        cardId,
        posLocation: session.posLocation,
        workerId: session.workerId,
        userId: null,
        paidCents: input.paidCents,
        payment: input.payment,
        requestId: input.requestId,
        at: new Date(),
        by: await posWorkerActor(db, session.workerId, ip),
      });
      const [row] = await db
        .execute(sql`select t.id, t.at, t.paid_cents, t.bonus_cents, b.number || '/' || b.premises || '/' || b.isu as bill_number, b.zki
        from top_ups t left join ${bills} b on b.id = t.bill_id where t.id = ${id}`)
        .then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows);
      return {
        created,
        answer: {
          id,
          at: new Date(String(row?.at)).toISOString(),
          paidCents: Number(row?.paid_cents),
          bonusCents: Number(row?.bonus_cents),
          billNumber: row?.bill_number === null || row?.bill_number === undefined ? null : String(row.bill_number),
          zki: row?.zki === null || row?.zki === undefined ? null : String(row.zki),
          card: await cardOf(session.companyId, input.cardUid),
        },
      };
    },

    /**
     * Blocks a card at the desk (the holder reports it lost or stolen): the worker is named as who did
     * it, in the card's reason and in the audit trail (the terminal's worker, its address), with the change.
     */
    async block(session: TerminalSession, uid: string, reason: string, ip: string | null = null): Promise<PosCard> {
      const cardId = await cardIdOf(session.companyId, uid);
      const [worker] = await db
        .select({ name: sql<string>`${posWorkers.name} || ' ' || ${posWorkers.surname}` })
        .from(posWorkers)
        .where(eq(posWorkers.id, session.workerId));
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: loyaltyCards.status, statusReason: loyaltyCards.statusReason, statusChangedAt: loyaltyCards.statusChangedAt })
          .from(loyaltyCards)
          .where(eq(loyaltyCards.id, cardId))
          .for('update');
        const after = { status: 'blocked' as const, statusReason: `${reason} (${worker?.name ?? ''}, POS)`, statusChangedAt: new Date() };
        await tx
          .update(loyaltyCards)
          .set({ ...after, statusChangedById: null, updatedAt: new Date() })
          .where(eq(loyaltyCards.id, cardId));
        await recordChange(tx, await posWorkerActor(tx, session.workerId, ip), {
          resource: 'loyalty-cards',
          recordId: cardId,
          companyId: session.companyId,
          action: 'update',
          before,
          after,
        });
      });
      return cardOf(session.companyId, uid);
    },
  };
}
