import { BILL_NUMBER_PATTERN } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { badQuery, type DerivedFilter } from '../../core/collection.ts';
import { outer } from '../../db/paging.ts';
import { billAttempts, bills, companies, devices, fiscalCertificates, locations } from '../../db/schema/index.ts';

/** Fiscalized or not, from the JIR (no status column to drift from it). */
const statusFilter: DerivedFilter = {
  derived: (values, param) => {
    const chosen = values.map((v) => {
      if (v === 'fiscalized') return sql`${bills.jir} is not null`;
      if (v === 'unfiscalized') return sql`${bills.jir} is null`;
      throw badQuery(param, 'choice');
    });
    return sql`(${sql.join(chosen, sql` or `)})`;
  },
};

/** A bill's number as printed (`12/PP01/3`, the ISU up to 20 digits), or its sequence alone (`12`). */
const numberFilter: DerivedFilter = {
  derived: (values, param) => {
    const chosen = values.map((v) => {
      const m = BILL_NUMBER_PATTERN.exec(v.trim());
      if (!m) throw badQuery(param);
      const sequence = Number(m[1]);
      return m[2]
        ? sql`(${bills.number} = ${sequence} and ${bills.premises} = ${m[2]} and ${bills.isu} = ${m[3]})`
        : sql`${bills.number} = ${sequence}`;
    });
    return sql`(${sql.join(chosen, sql` or `)})`;
  },
};

export const billColumns = {
  id: bills.id,
  company: bills.companyId,
  device: bills.deviceId,
  location: bills.locationId,
  premises: bills.premises,
  status: statusFilter,
  kind: bills.kind,
  payment: bills.payment,
  issuedAt: bills.issuedAt,
  totalCents: bills.totalCents,
  number: numberFilter,
  jir: bills.jir,
  zki: bills.zki,
};

export const billExtras = () => ({
  deviceName: sql<string | null>`(select ${devices.name} from ${devices} where ${devices.id} = ${outer(bills.deviceId)})`,
  locationName: sql<string | null>`(select ${locations.name} from ${locations} where ${locations.id} = ${outer(bills.locationId)})`,
  cancelledById: sql<number | null>`(select s.id from bills s where s.storno_of_id = ${outer(bills.id)})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
});

export const billAttemptColumns = {
  id: billAttempts.id,
  company: billAttempts.companyId,
  bill: billAttempts.billId,
  errorCode: billAttempts.errorCode,
  outcome: billAttempts.outcome,
  late: billAttempts.late,
  at: billAttempts.at,
};

export const billAttemptExtras = () => ({
  billNumber: sql<string>`(select b.number || '/' || b.premises || '/' || b.isu from bills b where b.id = ${outer(billAttempts.billId)})`,
});

/** Fiscal settings are read per company (their id is the company's); the environment defaults to the simulated one. */
export const fiscalSettingsColumns = {
  id: companies.id,
  company: companies.id,
  environment: {
    derived: (values, param) => {
      const chosen = values.map((v) => {
        if (!['simulated', 'test', 'production'].includes(v)) throw badQuery(param, 'choice');
        return v;
      });
      return sql`coalesce((select s.environment from fiscal_settings s where s.company_id = ${companies.id}), 'simulated') = any(${`{${chosen.join(',')}}`}::text[])`;
    },
  } satisfies DerivedFilter,
};

export const fiscalCertificateColumns = {
  id: fiscalCertificates.id,
  company: fiscalCertificates.companyId,
  active: fiscalCertificates.active,
  validTo: fiscalCertificates.validTo,
  uploadedAt: fiscalCertificates.uploadedAt,
};
