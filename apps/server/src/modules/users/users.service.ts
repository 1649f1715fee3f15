import {
  alarmPreferencesOf,
  identity,
  iri,
  mergeAlarmPreferences,
  parseIri,
  type User,
  type UserCreate,
  type UserPatch,
} from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import { DomainError, invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { uniqueFields } from '../../db/errors.ts';
import { resolveCompanyRef, resolveRefIds } from '../../db/references.ts';
import { companies, tags, type UserRow, users } from '../../db/schema/index.ts';
import { checkNewPassword, hashPassword, verifyPassword } from '../../security/passwords.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';

/** The account with an e-mail address (any case), for signing in. */
export { findUserByEmail } from './users.queries.ts';

export function toUser(row: UserRow): User {
  return {
    ...identity('users', 'User', row.id),
    email: row.email,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    oib: row.oib,
    photo: row.photo,
    roles: row.roles,
    company: iri('companies', row.companyId),
    active: row.active,
    language: row.language,
    alarmPreferences: alarmPreferencesOf(row.alarmPreferences, row.roles, (id) => iri('tags', id)),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Changes after which every sign-in of the user ends (docs/rules.md, "Sessions"): the password, the
 * role, the company, the e-mail, or the account switched off.
 */
function endsSessions(current: UserRow, changes: Partial<typeof users.$inferInsert>): boolean {
  return (
    changes.passwordHash !== undefined ||
    (changes.roles !== undefined && changes.roles.join() !== current.roles.join()) ||
    (changes.companyId !== undefined && changes.companyId !== current.companyId) ||
    (changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase()) ||
    (changes.active !== undefined && changes.active !== current.active)
  );
}

// Long because: the service's methods share the database, the reads and the e-mail check by closure; each method is short.
export function usersService(db: Db): CrudService<User, UserCreate, UserPatch> {
  const reads = tableReads(db, users, {
    company: users.companyId,
    // Without users.read a caller sees only themself (the sign-in flow reads `/users?email=`): their own
    // company is always within what they may list and see, so the tenancy beside it changes nothing.
    where: (ctx) => (ctx.can('users.read') ? undefined : eq(users.id, ctx.actor.userId)),
    toItem: toUser,
  });

  const uniqueEmail = <T>(work: () => Promise<T>) => uniqueFields({ users_email_key: 'email' }, work);

  return {
    list: reads.list,
    get: reads.get,

    async create(ctx, input) {
      const company = await resolveCompanyRef(db, ctx, 'company', input.company);
      await checkNewPassword(input.password, { ...input, company: company.name });
      const passwordHash = await hashPassword(input.password);
      const [row] = await db.transaction(async (tx) => {
        const rows = await uniqueEmail(() =>
          tx
            .insert(users)
            .values({
              companyId: company.id,
              email: input.email,
              passwordHash,
              name: input.name,
              surname: input.surname,
              phone: input.phone ?? null,
              oib: input.oib ?? null,
              photo: null,
              roles: input.roles,
              active: input.active ?? true,
              language: input.language ?? null,
            })
            .returning(),
        );
        if (rows[0])
          await recordChange(tx, ctx, { resource: 'users', recordId: rows[0].id, companyId: company.id, action: 'create', after: rows[0] });
        return rows;
      });
      if (!row) throw new Error('insert returned nothing');
      return toUser(row);
    },

    // Who may write which field is the contract's `writeRules`, enforced before this runs.
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (patch.password !== undefined) {
        // One's own password changes only with the current one: a borrowed session cannot lock the owner out.
        if (current.id === ctx.actor.userId && !(await verifyPassword(current.passwordHash, patch.currentPassword ?? ''))) {
          throw invalid('currentPassword', patch.currentPassword ? 'current_password' : 'required');
        }
        const companyId = patch.company === undefined ? current.companyId : parseIri('companies', patch.company);
        const [company] = await db
          .select({ name: companies.name })
          .from(companies)
          .where(eq(companies.id, companyId ?? 0));
        await checkNewPassword(patch.password, {
          email: patch.email ?? current.email,
          name: patch.name ?? current.name,
          surname: patch.surname ?? current.surname,
          company: company?.name ?? null,
        });
        changes.passwordHash = await hashPassword(patch.password);
      }
      if (patch.company !== undefined) changes.companyId = (await resolveCompanyRef(db, ctx, 'company', patch.company)).id;
      if (patch.email !== undefined) changes.email = patch.email;
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.surname !== undefined) changes.surname = patch.surname;
      if (patch.phone !== undefined) changes.phone = patch.phone;
      if (patch.oib !== undefined) changes.oib = patch.oib;
      if (patch.roles !== undefined) changes.roles = patch.roles;
      if (patch.active !== undefined) changes.active = patch.active;
      if (patch.language !== undefined) changes.language = patch.language;
      const epoch = endsSessions(current, changes) ? { sessionEpoch: sql`${users.sessionEpoch} + 1` } : {};
      // Roles, company and the rest change with their audit row or not at all (decision 0028).
      const tagIds = patch.alarmPreferences?.tags
        ? await resolveRefIds(
            db,
            ctx,
            { table: tags, collection: 'tags', field: 'alarmPreferences.tags', companyId: current.companyId },
            patch.alarmPreferences.tags,
          )
        : undefined;
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        // Locked: two changes of different parts at once both stay.
        if (before && patch.alarmPreferences)
          changes.alarmPreferences = mergeAlarmPreferences(before.alarmPreferences, patch.alarmPreferences, tagIds);
        const [after] = await uniqueEmail(() =>
          tx
            .update(users)
            .set({ ...changes, ...epoch })
            .where(eq(users.id, id))
            .returning(),
        );
        if (before && after) {
          const action = patch.roles !== undefined && String(before.roles) !== String(after.roles) ? 'role' : 'update';
          await recordChange(tx, ctx, { resource: 'users', recordId: id, companyId: after.companyId, action, before, after });
        }
        return after;
      });
      return row ? toUser(row) : null;
    },

    async remove(ctx, id) {
      const current = await reads.find(ctx, id);
      if (!current) return false;
      if (current.id === ctx.actor.userId) throw new DomainError(403, 'forbidden');
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(users).where(eq(users.id, id)).returning();
        if (before) await recordChange(tx, ctx, { resource: 'users', recordId: id, companyId: before.companyId, action: 'delete', before });
      });
      return true;
    },
  };
}
