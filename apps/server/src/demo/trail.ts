import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { loadActor } from '../core/context.ts';
import type { Db } from '../db/client.ts';
import { bills, cardTransactions, companies, deposits, lessors, locations, loyaltyCards, users } from '../db/schema/index.ts';
import { type AuditActor, type AuditChange, recordChanges } from '../modules/audit-log/audit-log.service.ts';

type Change = AuditChange & { who: AuditActor };

/**
 * The audit trail of what the demo's people did (decision 0028). The seed writes rows and states
 * directly: the companies, their users, lessors and locations, a year of deposits counted by the
 * worker and verified by the manager, bills issued and cancelled by hand, cards reported lost or
 * blocked, partners' sales brought onto their cards. Here each gets the entry its service would have written when a user made it, with its
 * author and its time, so the History sections and `/audit-log/list` show what a company's trail
 * looks like. Answers how many entries it wrote.
 */
export async function seedAuditTrail(db: Db): Promise<number> {
  const actors = new Map<number, AuditActor | null>();
  const who = async (userId: number | null): Promise<AuditActor | null> => {
    if (userId === null) return null;
    if (!actors.has(userId)) {
      const actor = await loadActor(db, userId);
      actors.set(userId, actor && { actor, ip: null });
    }
    return actors.get(userId) ?? null;
  };
  const changes: Change[] = [];
  const add = async (userId: number | null, change: AuditChange) => {
    const author = await who(userId);
    if (author) changes.push({ ...change, who: author });
  };

  // The companies and their users, created by the platform's admin; lessors and locations by the company's manager.
  const people = await db.select().from(users).orderBy(asc(users.id));
  const admin = people.find((p) => p.roles.includes('admin'))?.id ?? null;
  const managerOf = (companyId: number) => people.find((p) => p.companyId === companyId && p.roles.includes('manager'))?.id ?? admin;
  const created = async (
    resource: 'companies' | 'users' | 'lessors' | 'locations',
    rows: readonly { id: number; companyId?: number; createdAt: Date }[],
    by: (companyId: number) => number | null,
  ) => {
    for (const row of rows) {
      const companyId = row.companyId ?? row.id; // a company's own entries are under itself
      await add(by(companyId), { resource, recordId: row.id, companyId, action: 'create', at: row.createdAt, after: row });
    }
  };
  await created('companies', await db.select().from(companies), () => admin);
  await created('users', people, () => admin);
  await created('lessors', await db.select().from(lessors), managerOf);
  await created('locations', await db.select().from(locations), managerOf);

  // A deposit's count (the worker's report, with its note) and its verification (the manager's, with theirs).
  const counted = await db.select().from(deposits).where(isNotNull(deposits.reportedAt));
  for (const d of counted) {
    const change = { resource: 'deposits', recordId: d.id, companyId: d.companyId } as const;
    await add(d.reportedById, {
      ...change,
      action: 'report',
      at: d.reportedAt ?? undefined,
      before: { depositCoinsCents: null, depositTokens: null, note: null, reportedById: null, reportedAt: null },
      after: pick(d, 'depositCoinsCents', 'depositTokens', 'note', 'reportedById', 'reportedAt'),
    });
    if (d.verifiedAt)
      await add(d.verifiedById, {
        ...change,
        action: 'verify',
        at: d.verifiedAt,
        before: { verifiedById: null, verifiedAt: null, ...(d.verificationNote ? { verificationNote: null } : {}) },
        after: d.verificationNote ? pick(d, 'verifiedById', 'verifiedAt', 'verificationNote') : pick(d, 'verifiedById', 'verifiedAt'),
      });
  }

  // A card's status changed at the desk: it was active before.
  const cards = await db
    .select()
    .from(loyaltyCards)
    .where(and(ne(loyaltyCards.status, 'active'), isNotNull(loyaltyCards.statusChangedAt)));
  for (const card of cards)
    await add(card.statusChangedById, {
      resource: 'loyalty-cards',
      recordId: card.id,
      companyId: card.companyId,
      action: 'update',
      at: card.statusChangedAt ?? undefined,
      before: { status: 'active', statusReason: null, statusChangedAt: null, statusChangedById: null },
      after: pick(card, 'status', 'statusReason', 'statusChangedAt', 'statusChangedById'),
    });

  // Corrections of a card's balance by staff (a partner's sales brought in): as the service records them.
  const corrections = await db
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.kind, 'adjustment'), isNotNull(cardTransactions.userId)));
  for (const c of corrections)
    await add(c.userId, {
      resource: 'card-transactions',
      recordId: c.id,
      companyId: c.companyId,
      action: 'correction',
      at: c.at,
      after: { cardId: c.cardId, ...pick(c, 'paidCents', 'bonusCents', 'note', 'paidAfterCents', 'bonusAfterCents') },
    });

  // Bills written by hand, and stornos: recorded as issued, a storno on the bill it cancels.
  const byHand = await db
    .select()
    .from(bills)
    .where(and(isNotNull(bills.createdById), ne(bills.kind, 'device')));
  // Before the server's first start, so none has been sent yet: each as it was issued.
  for (const bill of byHand)
    await add(
      bill.createdById,
      bill.stornoOfId === null
        ? { resource: 'bills', recordId: bill.id, companyId: bill.companyId, action: 'create', at: bill.issuedAt, after: bill }
        : { resource: 'bills', recordId: bill.stornoOfId, companyId: bill.companyId, action: 'storno', at: bill.issuedAt, after: bill },
    );

  await db.transaction((tx) => recordChanges(tx, changes));
  return changes.length;
}

const pick = <T extends object, K extends keyof T>(row: T, ...keys: K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
