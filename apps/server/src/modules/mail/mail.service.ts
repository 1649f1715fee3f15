import { identity, iri, type Mail } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { outer, type RowWith } from '../../db/paging.ts';
import { companies, mails } from '../../db/schema/index.ts';

export { type MailOptions, MailSweep } from './mail.sender.ts';
/** A mail's plain text and HTML from its content, for the modules that put mails of their own into the outbox (alarms). */
export { render } from './mail.texts.ts';

const mailExtras = () => ({
  companyName: sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${outer(mails.companyId)})`,
});

type Row = RowWith<typeof mails, ReturnType<typeof mailExtras>>;

function toMail(row: Row): Mail {
  return {
    ...identity('mails', 'Mail', row.id),
    company: iri('companies', row.companyId),
    companyName: row.companyName,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    language: row.language,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The outbox, read-only: an admin reads every company's mails, a manager their company's (its tenancy). */
export function mailsService(db: Db): Pick<CrudService<Mail, never, never>, 'list' | 'get'> {
  const reads = tableReads(db, mails, { company: mails.companyId, extras: mailExtras, toItem: toMail });
  return { list: reads.list, get: reads.get };
}
