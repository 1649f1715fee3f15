import type { Visit, VisitStop } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { buildContext, loadActor } from '../core/context.ts';
import type { Db } from '../db/client.ts';
import { users, visits } from '../db/schema/index.ts';
import { visitsService } from '../modules/visits/visits.service.ts';
import { demoAccounts } from './seed.ts';

/** The stops of the demo's visit at most: the first of the proposal in route order. */
const DEMO_VISIT_STOPS = 8;

/**
 * The demo's collection round (docs/rules.md "Visits"): today's, planned by Zabavni's manager from the
 * day's proposal and assigned to its worker, with the first stop already done (its emptying recorded
 * and its deposit awaiting the count). The proposal keeps devices due that nobody has planned yet (at
 * most three in four of them are taken). Only into a database without visits; answers the visit.
 */
export async function seedDemoVisits(db: Db, now = new Date()): Promise<Visit | null> {
  if ((await db.select({ id: visits.id }).from(visits).limit(1)).length > 0) return null;
  const contextOf = async (email: string) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const actor = user ? await loadActor(db, user.id) : null;
    return actor ? buildContext(actor, 'hr', false) : null;
  };
  const manager = await contextOf(demoAccounts.manager.email);
  const worker = await contextOf(demoAccounts.worker.email);
  if (!manager || !worker) return null;
  const service = visitsService(db);
  const proposal = await service.proposal(manager, {}, now);
  const taken = Math.min(DEMO_VISIT_STOPS, Math.floor((proposal.stops.length * 3) / 4));
  if (taken === 0) return null;
  const visit = await service.create(manager, {
    day: proposal.day,
    worker: `/api/v2/users/${worker.actor.userId}`,
    devices: proposal.stops.slice(0, taken).map((s) => s.device),
  });
  const first = visit.stops[0] as VisitStop;
  await service.done(worker, visit.id, first.id ?? 0, { note: 'Kasa ispražnjena, novac u vrećici.' }, 'demo-visit-1', now);
  return service.get(worker, visit.id);
}
