import { type CompanyCreate, iri, type LoggerCredential, parseIri } from '@kovanica/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { companies, devices, loggers, users } from '../../db/schema/index.ts';
import { checkNewPassword, hashPassword } from '../../security/passwords.ts';
import { insertLoggers } from '../loggers/loggers.service.ts';

/** What the company wizard sets up with a company (contract: companies.ts). */
export type CompanySetup = Pick<CompanyCreate, 'loggers' | 'users' | 'newLoggers' | 'newUsers'>;

/** Ids from a list of IRIs, each one visible to the caller; errors name `field.index`. */
async function visibleIds(
  db: Db,
  ctx: RequestContext,
  field: string,
  collection: string,
  table: typeof loggers | typeof users,
  values: readonly string[],
) {
  const ids = values.map((v, i) => {
    const id = parseIri(collection, v);
    if (id === null) throw invalid(`${field}.${i}`, 'iri');
    return id;
  });
  if (!ids.length) return [];
  const rows = await db.select({ id: table.id, companyId: table.companyId }).from(table).where(inArray(table.id, ids));
  const found = new Map(rows.map((r) => [r.id, r.companyId]));
  ids.forEach((id, i) => {
    const companyId = found.get(id);
    if (companyId === undefined || (ctx.visible !== null && !ctx.visible.includes(companyId))) throw invalid(`${field}.${i}`, 'reference');
  });
  return ids;
}

/**
 * Moves existing loggers and users to the company and creates the new ones, inside the caller's
 * transaction. Every check runs before the first write. Returns the credentials of the new loggers,
 * which exist only in this answer.
 */
export async function applySetup(db: Db, ctx: RequestContext, companyId: number, setup: CompanySetup): Promise<LoggerCredential[]> {
  const loggerIds = await visibleIds(db, ctx, 'loggers', 'loggers', loggers, setup.loggers ?? []);
  const userIds = await visibleIds(db, ctx, 'users', 'users', users, setup.users ?? []);
  const newLoggers = setup.newLoggers ?? [];
  const newUsers = setup.newUsers ?? [];

  // A fitted logger moves with its device, never on its own; nobody moves themself to another company.
  if (loggerIds.length) {
    const fitted = await db.select({ loggerId: devices.loggerId }).from(devices).where(inArray(devices.loggerId, loggerIds));
    const taken = new Set(fitted.map((f) => f.loggerId));
    loggerIds.forEach((id, i) => {
      if (taken.has(id)) throw invalid(`loggers.${i}`, 'logger_taken');
    });
  }
  userIds.forEach((id, i) => {
    if (id === ctx.actor.userId) throw invalid(`users.${i}`, 'own_role');
  });

  // Unique values are checked up front so the error names the row; the unique indexes stay the guard.
  const imeis = newLoggers.map((l) => l.imei);
  const knownImeis = imeis.length ? await db.select({ imei: loggers.imei }).from(loggers).where(inArray(loggers.imei, imeis)) : [];
  newLoggers.forEach((l, i) => {
    if (knownImeis.some((k) => k.imei === l.imei) || imeis.indexOf(l.imei) !== i) throw invalid(`newLoggers.${i}.imei`, 'unique');
  });
  const emails = newUsers.map((u) => u.email.toLowerCase());
  const knownEmails = emails.length
    ? await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    : [];
  newUsers.forEach((u, i) => {
    const email = u.email.toLowerCase();
    if (knownEmails.some((k) => k.email.toLowerCase() === email) || emails.indexOf(email) !== i)
      throw invalid(`newUsers.${i}.email`, 'unique');
  });

  if (loggerIds.length) await db.update(loggers).set({ companyId, updatedAt: new Date() }).where(inArray(loggers.id, loggerIds));
  if (userIds.length) {
    // A user moved to another company signs in again (docs/rules.md, "Sessions").
    const moved = sql`case when ${users.companyId} <> ${companyId} then ${users.sessionEpoch} + 1 else ${users.sessionEpoch} end`;
    await db.update(users).set({ companyId, updatedAt: new Date(), sessionEpoch: moved }).where(inArray(users.id, userIds));
  }
  const created = newLoggers.length ? await insertLoggers(db, companyId, newLoggers, 'newLoggers') : [];
  if (newUsers.length) {
    const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    for (const [i, u] of newUsers.entries()) await checkNewPassword(u.password, { ...u, company: company?.name }, `newUsers.${i}.password`);
    const hashes = await Promise.all(newUsers.map((u) => hashPassword(u.password)));
    await db.insert(users).values(
      newUsers.map((u, i) => ({
        companyId,
        email: u.email,
        passwordHash: hashes[i] as string,
        name: u.name,
        surname: u.surname,
        phone: u.phone ?? null,
        photo: null,
        roles: u.roles,
        active: u.active ?? true,
      })),
    );
  }
  return created.map((c) => ({
    logger: iri('loggers', c.id),
    imei: c.imei,
    credential: c.credential,
    credentialIssuedAt: c.credentialIssuedAt.toISOString(),
  }));
}
