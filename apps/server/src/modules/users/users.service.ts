import { iri, type User, type UserCreate, type UserPatch } from '@kovanica/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uniqueFields } from '../../db/errors.ts';
import { selectPage } from '../../db/paging.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../http/context.ts';
import type { CrudService } from '../../http/crud.ts';
import { ApiProblem, invalid } from '../../http/problems.ts';
import { resolveCompanyRef } from '../../http/references.ts';
import { inCompanies } from '../../http/tenancy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findUser } from './users.queries.ts';

export function toUser(row: UserRow): User {
  return {
    '@id': iri('users', row.id),
    '@type': 'User',
    id: row.id,
    email: row.email,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    photo: row.photo,
    roles: row.roles,
    company: iri('companies', row.companyId),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Fields a user may change on their own account without the users.update permission. */
const selfEditable = new Set<keyof UserPatch>(['name', 'surname', 'phone', 'photo', 'password']);

export function usersService(db: Db): CrudService<User, UserCreate, UserPatch> {
  // Without users.read a caller sees only themself (the sign-in flow reads `/users?email=`).
  const scope = (ctx: RequestContext, companies: readonly number[] | null): SQL | undefined =>
    ctx.can('users.read') ? inCompanies(users.companyId, companies) : eq(users.id, ctx.actor.userId);

  const uniqueEmail = <T>(work: () => Promise<T>) => uniqueFields({ users_email_key: 'email' }, work);

  return {
    async list(ctx, query) {
      const { rows, total } = await selectPage(db, users, scope(ctx, ctx.listed), query);
      return { items: rows.map(toUser), total };
    },

    async get(ctx, id) {
      const row = await findUser(db, id, scope(ctx, ctx.visible));
      return row ? toUser(row) : null;
    },

    async create(ctx, input) {
      const company = await resolveCompanyRef(db, ctx, 'company', input.company);
      const passwordHash = await hashPassword(input.password);
      const [row] = await uniqueEmail(() =>
        db
          .insert(users)
          .values({
            companyId: company.id,
            email: input.email,
            passwordHash,
            name: input.name,
            surname: input.surname,
            phone: input.phone ?? null,
            photo: input.photo ?? null,
            roles: input.roles,
            active: input.active ?? true,
          })
          .returning(),
      );
      if (!row) throw new Error('insert returned nothing');
      return toUser(row);
    },

    async update(ctx, id, patch) {
      const current = await findUser(db, id, scope(ctx, ctx.visible));
      if (!current) return null;
      const self = current.id === ctx.actor.userId;
      if (!ctx.can('users.update')) {
        const other = (Object.keys(patch) as (keyof UserPatch)[]).find((k) => !selfEditable.has(k));
        if (other) throw new ApiProblem(403, 'forbidden');
      }
      // Nobody changes their own role, company or active flag: that is how a role would be raised.
      if (self) {
        if (patch.roles && patch.roles.join() !== current.roles.join()) throw invalid('roles', 'own_role');
        if (patch.company && patch.company !== iri('companies', current.companyId)) throw invalid('company', 'own_role');
        if (patch.active === false) throw invalid('active', 'own_role');
      }
      const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (patch.company !== undefined) changes.companyId = (await resolveCompanyRef(db, ctx, 'company', patch.company)).id;
      if (patch.email !== undefined) changes.email = patch.email;
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.surname !== undefined) changes.surname = patch.surname;
      if (patch.phone !== undefined) changes.phone = patch.phone;
      if (patch.photo !== undefined) changes.photo = patch.photo;
      if (patch.roles !== undefined) changes.roles = patch.roles;
      if (patch.active !== undefined) changes.active = patch.active;
      if (patch.password !== undefined) changes.passwordHash = await hashPassword(patch.password);
      const [row] = await uniqueEmail(() => db.update(users).set(changes).where(eq(users.id, id)).returning());
      return row ? toUser(row) : null;
    },

    async remove(ctx, id) {
      const current = await findUser(db, id, scope(ctx, ctx.visible));
      if (!current) return false;
      if (current.id === ctx.actor.userId) throw new ApiProblem(403, 'forbidden');
      await db.delete(users).where(eq(users.id, id));
      return true;
    },
  };
}
