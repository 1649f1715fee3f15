import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';
import { languages } from '../languages.ts';
import { defineResource } from '../resource.ts';

/**
 * What a company is mailed (docs/rules.md "E-mail notifications"; decision 0025): the daily report, a deposit recorded, a
 * device's cash box emptied, the unverified-deposits reminder and the fiscal alarm (bills without a JIR
 * 24 h after issue).
 */
export const mailKinds = ['daily-report', 'deposit', 'device-emptied', 'unverified-deposits', 'fiscal-alarm', 'alarm'] as const;
export type MailKind = (typeof mailKinds)[number];

/** `held`: kept in the outbox only, because no SMTP server is configured (the embedded default). */
export const mailStatuses = ['queued', 'sent', 'failed', 'held'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** A mail of the outbox, read-only: what was composed, to whom, and how sending went. */
export const mailItem = z.object({
  ...itemMeta,
  company: z.string(),
  companyName: z.string(),
  kind: z.enum(mailKinds),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  language: z.enum(languages),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Mail = z.infer<typeof mailItem>;

export const mailsCollection: CollectionSpec = {
  filters: { company: 'exact', kind: 'exact', status: 'exact', createdAt: 'range' },
  order: ['id', 'createdAt'],
  defaultOrder: { createdAt: 'desc' },
  keyset: 'createdAt',
};

export const mailsResource = defineResource({ name: 'mails', item: mailItem, collection: mailsCollection });
