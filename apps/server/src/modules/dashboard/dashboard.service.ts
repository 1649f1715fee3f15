import type { DashboardSummary } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { companies, devices, locations, users } from '../../db/schema/index.ts';

export function dashboardService(db: Db) {
  return {
    async summary(ctx: RequestContext): Promise<DashboardSummary> {
      const ids = ctx.listed;
      const where = (column: Parameters<typeof inCompanies>[0]) => inCompanies(column, ids) ?? sql`true`;
      const [row] = await db
        .select({
          companies: sql<number>`(select count(*) from ${companies} where ${where(companies.id)})`.mapWith(Number),
          users: sql<number>`(select count(*) from ${users} where ${where(users.companyId)})`.mapWith(Number),
          activeUsers: sql<number>`(select count(*) from ${users} where ${users.active} and ${where(users.companyId)})`.mapWith(Number),
          locations: sql<number>`(select count(*) from ${locations} where ${where(locations.companyId)})`.mapWith(Number),
          devices: sql<number>`(select count(*) from ${devices} where ${where(devices.companyId)})`.mapWith(Number),
        })
        .from(sql`(select 1) as one`);
      if (!row) throw new Error('summary query returned nothing');
      return { '@id': '/api/v2/dashboard/summary', '@type': 'DashboardSummary', ...row };
    },
  };
}
