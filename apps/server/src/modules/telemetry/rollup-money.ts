import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The rollups' card split and VAT (docs/rules.md, "Revenue and VAT") computed again from what they come
 * from, the stored events and the card ledger, exactly as ingestion counts them payment by payment:
 * - card plays paid from the paid credit (`card_cents`) and from the bonus (`card_bonus_cents`), the
 *   bonus of a play being what its ledger row took from the card's bonus (none for a card the
 *   company does not have, or for imported history);
 * - `vat_cents`: each coin, note and cashless payment's VAT at the machines' 25 %, its amount less its
 *   net rounded to the cent, as its bill states it; `sale_vat_cents`: the same of each token payment
 *   and of each card play's paid part; both 0 for a company outside the VAT system;
 * - test plays (service mode) count in none of them; the monthly and location rollups are the sums.
 * The statements are migration 0032's own, which put these columns in (one text, so the two cannot
 * drift): read from it once, after its `alter table`s.
 */
function recomputeStatements(): string[] {
  const migration = readFileSync(new URL('../../db/migrations/0032_rollup_money.sql', import.meta.url), 'utf8');
  return migration
    .split('--> statement-breakpoint')
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '' && !chunk.startsWith('ALTER TABLE'));
}

/**
 * Runs the recomputation in one transaction: the demo, after it splits its cards' spends again in time
 * order (demo/loyalty.ts); tests, to hold it to what ingestion counts.
 */
export async function recomputeRollupMoney(db: Db): Promise<void> {
  const list = recomputeStatements();
  await db.transaction(async (tx) => {
    for (const statement of list) await tx.execute(sql.raw(statement));
  });
}
