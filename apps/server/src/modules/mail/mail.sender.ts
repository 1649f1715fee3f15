import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { composeDue } from './mail.compose.ts';

/** How the outbox is sent: through this SMTP server, from this address; no URL keeps mail in the outbox (`held`). */
export interface MailOptions {
  smtpUrl?: string | undefined;
  from: string;
}

/** Sends after the first failed one wait 1, 5, 15, 60 and 240 minutes; then the mail is `failed`. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 240];
export const MAX_MAIL_ATTEMPTS = BACKOFF_MINUTES.length + 1;
/** A claimed mail is not claimed again for this long (a server that died while sending it). */
const LEASE_MINUTES = 2;
const BATCH = 20;

interface Claimed {
  id: number;
  dedupe_key: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/**
 * The job queue's `mail-sweep` (decision 0025): composes the mails that are due into the outbox, then
 * sends the outbox's queued mails through SMTP, a batch at a time, each claimed under a lease so two
 * servers never send one mail at once. A refused send is tried again later (`BACKOFF_MINUTES`).
 */
export class MailSweep {
  readonly #transport: Transporter | null;
  #stopping = false;

  constructor(
    private readonly db: Db,
    private readonly options: MailOptions,
    private readonly hooks: {
      log: (message: string, error?: unknown) => void;
      /** The outbox changed (the read cache's `mails` tag is bumped). */
      changed: () => void;
    },
    private readonly now: () => Date = () => new Date(),
  ) {
    this.#transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  stop() {
    this.#stopping = true;
    this.#transport?.close();
  }

  async sweep(): Promise<{ composed: number; sent: number; failed: number; more: boolean }> {
    const composed = this.#stopping ? 0 : await composeDue(this.db, this.now());
    if (!this.#transport) {
      // No SMTP server: the mail is kept for the admins to read, and never sent later by surprise.
      await this.db.execute(sql`update mails set status = 'held' where status = 'queued'`);
      if (composed > 0) this.hooks.changed();
      return { composed, sent: 0, failed: 0, more: false };
    }
    let sent = 0;
    let failed = 0;
    const claimed = this.#stopping ? [] : await this.claim();
    for (const mail of claimed) {
      if (this.#stopping) break;
      if (await this.send(mail)) sent += 1;
      else failed += 1;
    }
    if (composed > 0 || claimed.length > 0) this.hooks.changed();
    return { composed, sent, failed, more: claimed.length === BATCH };
  }

  private async claim(): Promise<Claimed[]> {
    const result = await this.db.execute(sql`
      update mails set attempts = attempts + 1, next_attempt_at = now() + ${LEASE_MINUTES} * interval '1 minute'
      where id in (
        select id from mails where status = 'queued' and next_attempt_at <= now()
        order by next_attempt_at, id limit ${BATCH} for update skip locked)
      returning id, dedupe_key, "to", subject, text, html, attempts`);
    return (result as unknown as { rows: Claimed[] }).rows;
  }

  private async send(mail: Claimed): Promise<boolean> {
    try {
      await (this.#transport as Transporter).sendMail({
        from: this.options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // One id per mail: a send repeated after a crash is recognisable as the same message.
        messageId: `<mail-${mail.id}.${mail.dedupe_key.replace(/[^a-z0-9.-]/gi, '.')}@kovanica>`,
      });
      await this.db.execute(sql`update mails set status = 'sent', sent_at = now(), last_error = null where id = ${mail.id}`);
      return true;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const wait = BACKOFF_MINUTES[mail.attempts - 1];
      if (wait === undefined) this.hooks.log(`mail ${mail.id} failed after ${mail.attempts} attempts`, error);
      await this.db.execute(
        wait === undefined
          ? sql`update mails set status = 'failed', last_error = ${message} where id = ${mail.id}`
          : sql`update mails set last_error = ${message}, next_attempt_at = now() + ${wait} * interval '1 minute' where id = ${mail.id}`,
      );
      return false;
    }
  }
}
