import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';

/** Columns the collection filters and orders by (contract `usersCollection`). */
export const userColumns = {
  id: users.id,
  email: users.email,
  role: users.roles,
  company: users.companyId,
  active: users.active,
  name: users.name,
  surname: users.surname,
  createdAt: users.createdAt,
};

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}
