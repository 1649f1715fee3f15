import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { articles, companies, devices, planogramSelections } from '../db/schema/index.ts';
import { demoAccounts } from './seed.ts';

/** The demo's audited vending machines of the first company that get a planogram (docs/rules.md "Planograms and audit sales"). */
const MACHINES = ['Automat za slatkiše 1', 'Automat za slatkiše 3'];
/**
 * Their selections and the demo stock's article each holds; selection 22 is left out, so the product
 * sales report shows a selection without an article.
 */
const SELECTIONS = [
  { selection: '11', article: 'Kapsula s igračkom' },
  { selection: '12', article: 'Loptica skočica' },
  { selection: '13', article: 'Privjesak za ključeve' },
  { selection: '21', article: 'Plišana igračka, mala' },
] as const;

/**
 * Gives the first demo company's two audited vending machines a planogram of its stock's articles,
 * before their audits are read (their sales are then booked as the articles' sales). Does nothing
 * where a machine already has one, or the company or an article is missing (a demo without stock).
 */
export async function seedDemoPlanograms(db: Db): Promise<number> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, demoAccounts.worker.company));
  if (!company) return 0;
  const names = SELECTIONS.map((s) => s.article);
  const stock = await db
    .select({ id: articles.id, name: articles.name })
    .from(articles)
    .where(and(eq(articles.companyId, company.id), inArray(articles.name, names)));
  const byName = new Map(stock.map((a) => [a.name, a.id]));
  const machines = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.companyId, company.id), inArray(devices.name, MACHINES)))
    .orderBy(asc(devices.id));
  const rows = machines.flatMap((m) =>
    SELECTIONS.flatMap((s) => {
      const articleId = byName.get(s.article);
      return articleId === undefined ? [] : [{ deviceId: m.id, companyId: company.id, selection: s.selection, articleId }];
    }),
  );
  if (!rows.length) return 0;
  const written = await db
    .insert(planogramSelections)
    .values(rows)
    .onConflictDoNothing()
    .returning({ deviceId: planogramSelections.deviceId });
  return written.length;
}
