import { randomUUID, X509Certificate } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { BillPayment, FiscalEnvironment } from '../../db/schema/index.ts';
import { type CisEndpoint, type CisExchange, sendSoap } from '../../fiscal/cis-client.ts';
import { checkSignature, type SignatureAlgorithm, signMessage } from '../../fiscal/cis-signature.ts';
import type { SimulatedCis } from '../../fiscal/cis-simulator.ts';
import { billRequest, CIS_NS, readBillAnswer, SOAP_ACTION, soapEnvelope } from '../../fiscal/cis-xml.ts';
import type { FiscalKeys } from '../../fiscal/keys.ts';

/** CIS's addresses (docs/rules.md "Talking to CIS"); the simulated one is the server's own. */
export const CIS_URLS: Record<Exclude<FiscalEnvironment, 'simulated'>, string> = {
  test: 'https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest',
  production: 'https://cis.porezna-uprava.hr:8449/FiskalizacijaService',
};

/** The longest wait for CIS's answer: it answers within 2 s; beyond 10 s the bill is sent again later. */
export const CIS_TIMEOUT_MS = 10_000;

/** How long one sweep claims more bills; what is left goes to the next sweep (the job expires after 90 s). */
export const SWEEP_BUDGET_MS = 45_000;

/**
 * A first send this long after the bill's issue time is a late delivery (`NakDost=true`, docs/rules.md
 * "Sending"): CIS answers within 2 s and a healthy server sends a bill within seconds of issuing it (at
 * worst the next minute's sweep, which claims for 45 s and waits 10 s for CIS); later than that, the bill
 * was not fiscalized when it was issued (a logger that uploaded late, a server or CIS that was down).
 */
export const LATE_AFTER_SECONDS = 120;

/** When a bill is sent again after its n-th send: 30 s, 1, 2, 4, 8 minutes, then every 15 minutes. */
export const retryDelayMs = (sends: number) => Math.min(30_000 * 2 ** Math.max(0, sends - 1), 15 * 60_000);

interface Due {
  id: number;
  company_id: number;
  issued_at: string;
  number: number;
  premises: string;
  isu: string;
  total_cents: number;
  in_vat_system: boolean;
  vat_rate: string | null;
  vat_base_cents: number | null;
  vat_cents: number | null;
  payment: BillPayment;
  oib: string;
  operator_oib: string;
  zki: string;
  attempts: number;
  /** A send before (a failed one, or one cut off by a crash), or a first send past `LATE_AFTER_SECONDS`. */
  late: boolean;
  certificate_id: number;
  certificate_pem: string;
  private_key_sealed: string;
  environment: FiscalEnvironment | null;
  signature_algorithm: SignatureAlgorithm | null;
  ca_bundle: string | null;
  cis_certificate_pem: string | null;
}

interface Claimed {
  billId: number;
  attemptId: number;
  messageId: string;
  envelope: string;
  endpoint: CisEndpoint;
  /** The certificate CIS's answer must be signed with, or the CA bundle its own certificate must chain to. */
  trust: { certificatePem: string } | { caBundle: string | null };
}

/** What one send came to, as the attempt records it. */
interface Outcome {
  outcome: 'jir' | 'error' | 'fault' | 'timeout' | 'network' | 'invalid';
  jir: string | null;
  code: string | null;
  message: string | null;
  answerXml: string | null;
  durationMs: number;
}

/**
 * Sends the bills that are due to CIS (docs/rules.md "Bills and fiscalization", sending): claims them in one transaction (`skip locked`, so
 * several servers share the work), records each attempt *before* sending it and moves the bill's next
 * try ahead, then sends and records the answer. A send cut off by a crash thus left an attempt behind,
 * and the next send of that bill is a late delivery (`NakDost`), never a second first send. Every send
 * after the first is late, and so is a first send more than `LATE_AFTER_SECONDS` after the bill's issue
 * time; a resend carries the same bill data and ZKI under a new message id.
 */
export class BillSender {
  constructor(
    private readonly db: Db,
    private readonly keys: FiscalKeys,
    private readonly simulated: SimulatedCis | null,
    /** Told after each batch of sends: the bills' and attempts' cached reads are stale. */
    private readonly changed: () => void = () => {},
  ) {}

  #stopping = false;

  /** The server is closing: a sweep under way finishes the batch it sent and claims no more. */
  stop() {
    this.#stopping = true;
  }

  /**
   * Sends what is due, a batch at a time, until nothing is; answers how many bills got their JIR. The
   * first JIR after an outage releases the bills waiting out their backoff for a failure of CIS's or
   * of the network: CIS is back, so they go now rather than up to 15 minutes later.
   */
  async sweep(
    options: { batch?: number; concurrency?: number; budgetMs?: number } = {},
  ): Promise<{ sent: number; fiscalized: number; more: boolean }> {
    const total = { sent: 0, fiscalized: 0, more: false };
    const until = performance.now() + (options.budgetMs ?? SWEEP_BUDGET_MS);
    let released = false;
    for (;;) {
      // A sweep is one job of the queue, which expires: past its budget it leaves the rest to the next.
      if (this.#stopping) return total;
      if (performance.now() > until) return { ...total, more: true };
      const claimed = await this.claim(options.batch ?? 100);
      if (claimed.length === 0) return total;
      const results = await mapLimit(claimed, options.concurrency ?? 8, (one) => this.send(one));
      this.changed();
      total.sent += claimed.length;
      total.fiscalized += results.filter((r) => r.outcome === 'jir').length;
      // A batch that fiscalized nothing (CIS down): the rest waits for its next try, not this loop.
      if (results.every((r) => r.outcome !== 'jir')) return total;
      if (!released) {
        released = true;
        await this.db.execute(sql`
          update bills set next_attempt_at = now()
          where jir is null and next_attempt_at > now() and last_error in ('network', 'timeout', 'soap_fault', 's006')`);
      }
    }
  }

  private async claim(limit: number): Promise<Claimed[]> {
    return this.db.transaction(async (tx) => {
      const due = (
        (await tx.execute(sql`
          select b.id, b.company_id, b.issued_at, b.number, b.premises, b.isu, b.total_cents, b.in_vat_system, b.vat_rate, b.vat_base_cents,
            b.vat_cents, b.payment, b.oib, b.operator_oib, b.zki, b.attempts, b.certificate_id, c.certificate_pem, c.private_key_sealed,
            s.environment, s.signature_algorithm, s.ca_bundle, s.cis_certificate_pem,
            (b.attempts > 0 or b.issued_at < now() - ${LATE_AFTER_SECONDS} * interval '1 second') as late
          from bills b
          join fiscal_certificates c on c.id = b.certificate_id
          left join fiscal_settings s on s.company_id = b.company_id
          where b.jir is null and b.next_attempt_at <= now()
          order by b.next_attempt_at, b.id
          limit ${limit}
          for update of b skip locked`)) as unknown as { rows: Due[] }
      ).rows;
      const claimed: (Omit<Claimed, 'attemptId'> & {
        companyId: number;
        late: boolean;
        environment: FiscalEnvironment;
        delayMs: number;
      })[] = [];
      for (const bill of due) {
        const environment = bill.environment ?? 'simulated';
        const endpoint = this.endpointOf(environment, bill.ca_bundle);
        const messageId = randomUUID();
        const late = bill.late;
        const request = billRequest(
          {
            oib: bill.oib,
            inVatSystem: bill.in_vat_system,
            issuedAt: new Date(bill.issued_at),
            number: bill.number,
            premises: bill.premises,
            isu: bill.isu,
            vat:
              bill.vat_rate === null
                ? null
                : { ratePercent: Number(bill.vat_rate), baseCents: Number(bill.vat_base_cents), amountCents: Number(bill.vat_cents) },
            totalCents: bill.total_cents,
            payment: bill.payment,
            operatorOib: bill.operator_oib,
            zki: bill.zki,
            late,
          },
          messageId,
        );
        const signer = { privateKey: this.keys.keyOf(bill.certificate_id, bill.private_key_sealed), certificatePem: bill.certificate_pem };
        // RSA-SHA1 as CIS's specification has it; RSA-SHA256 only towards the simulated CIS (docs/rules.md).
        const algorithm = environment === 'simulated' ? (bill.signature_algorithm ?? 'rsa-sha1') : 'rsa-sha1';
        const envelope = soapEnvelope(signMessage(request, signer, algorithm));
        claimed.push({
          billId: bill.id,
          companyId: bill.company_id,
          late,
          environment,
          delayMs: retryDelayMs(bill.attempts + 1),
          messageId,
          envelope,
          endpoint,
          trust:
            environment === 'simulated'
              ? { certificatePem: this.simulated?.certificatePem ?? '' }
              : bill.cis_certificate_pem
                ? { certificatePem: bill.cis_certificate_pem }
                : { caBundle: bill.ca_bundle },
        });
      }
      if (claimed.length === 0) return [];
      // Every attempt recorded and every bill's next try moved ahead, in two statements for the batch.
      const attempts = (
        (await tx.execute(sql`
          insert into bill_attempts (company_id, bill_id, at, message_id, late, environment, request_xml)
          select a."companyId", a."billId", now(), a."messageId", a.late, a.environment, a.envelope
          from json_to_recordset(${JSON.stringify(claimed.map(({ companyId, billId, messageId, late, environment, envelope }) => ({ companyId, billId, messageId, late, environment, envelope })))}::json)
            as a("companyId" int, "billId" int, "messageId" text, late boolean, environment text, envelope text)
          returning id, bill_id`)) as unknown as { rows: { id: number; bill_id: number }[] }
      ).rows;
      await tx.execute(sql`
        update bills b set attempts = b.attempts + 1, next_attempt_at = now() + d."delayMs" * interval '1 millisecond'
        from json_to_recordset(${JSON.stringify(claimed.map(({ billId, delayMs }) => ({ billId, delayMs })))}::json) as d("billId" int, "delayMs" int)
        where b.id = d."billId"`);
      const attemptOf = new Map(attempts.map((a) => [Number(a.bill_id), Number(a.id)]));
      return claimed.map(({ companyId: _c, late: _l, environment: _e, delayMs: _d, ...one }) => ({
        ...one,
        attemptId: attemptOf.get(one.billId) as number,
      }));
    });
  }

  private endpointOf(environment: FiscalEnvironment, caBundle: string | null): CisEndpoint {
    if (environment === 'simulated') {
      // No simulated CIS in this process: the send fails as a network error and is retried.
      return { url: this.simulated?.url ?? 'http://127.0.0.1:9/unavailable', timeoutMs: CIS_TIMEOUT_MS };
    }
    return { url: CIS_URLS[environment], ca: caBundle ?? undefined, timeoutMs: CIS_TIMEOUT_MS };
  }

  private async send(claimed: Claimed): Promise<Outcome> {
    const exchange = await sendSoap(claimed.endpoint, SOAP_ACTION.bill, claimed.envelope);
    const outcome = judge(exchange, claimed);
    // The answer and the bill's state in one statement (atomic without a transaction of its own).
    const bill =
      outcome.outcome === 'jir'
        ? sql`update bills set jir = ${outcome.jir}, fiscalized_at = now(), next_attempt_at = null, last_error = null
            where id = ${claimed.billId} and jir is null`
        : sql`update bills set last_error = ${outcome.code ?? outcome.outcome} where id = ${claimed.billId} and jir is null`;
    await this.db.execute(sql`
      with answered as (
        update bill_attempts set answer_xml = ${outcome.answerXml}, outcome = ${outcome.outcome}, error_code = ${outcome.code},
          error_message = ${outcome.message}, duration_ms = ${outcome.durationMs}
        where id = ${claimed.attemptId})
      ${bill}`);
    return outcome;
  }
}

/** Reads an exchange: a JIR only from a well-formed answer to this very message, signed by CIS. */
function judge(exchange: CisExchange, claimed: Claimed): Outcome {
  if (!exchange.ok) {
    return {
      outcome: exchange.error,
      jir: null,
      code: exchange.error,
      message: exchange.message,
      answerXml: null,
      durationMs: exchange.durationMs,
    };
  }
  const base = { answerXml: exchange.body, durationMs: exchange.durationMs };
  let answer: ReturnType<typeof readBillAnswer>;
  try {
    answer = readBillAnswer(exchange.body);
  } catch (error) {
    return {
      ...base,
      outcome: 'invalid',
      jir: null,
      code: 'invalid_answer',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  if (answer.kind === 'fault')
    return { ...base, outcome: 'fault', jir: null, code: 'soap_fault', message: `${answer.code}: ${answer.message}` };
  const signature = verifyAnswer(exchange.body, claimed.trust);
  if (!signature.valid) return { ...base, outcome: 'invalid', jir: null, code: 'answer_signature', message: signature.reason };
  if (answer.messageId !== claimed.messageId) {
    return { ...base, outcome: 'invalid', jir: null, code: 'answer_message_id', message: `answer to ${answer.messageId}` };
  }
  if (answer.kind === 'errors') {
    const first = answer.errors[0];
    return {
      ...base,
      outcome: 'error',
      jir: null,
      code: first?.code ?? 'error',
      message: answer.errors.map((e) => `${e.code}: ${e.message}`).join('; '),
    };
  }
  return { ...base, outcome: 'jir', jir: answer.jir, code: null, message: null };
}

/** CIS's answer is signed by the certificate configured, or by one that chains to the CA bundle. */
function verifyAnswer(xml: string, trust: Claimed['trust']): { valid: true } | { valid: false; reason: string } {
  if ('certificatePem' in trust) {
    const check = checkSignature(xml, { ns: CIS_NS, name: 'RacunOdgovor' }, trust.certificatePem || undefined);
    return check.valid && trust.certificatePem
      ? { valid: true }
      : { valid: false, reason: check.valid ? 'no certificate to trust' : check.reason };
  }
  const check = checkSignature(xml, { ns: CIS_NS, name: 'RacunOdgovor' });
  if (!check.valid) return check;
  if (!trust.caBundle) return { valid: false, reason: 'no CA bundle to check CIS’s certificate against' };
  const certificate = new X509Certificate(check.certificatePem);
  const cas = trust.caBundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  const chained = cas.some((pem) => {
    const ca = new X509Certificate(pem);
    return certificate.checkIssued(ca) && certificate.verify(ca.publicKey);
  });
  return chained ? { valid: true } : { valid: false, reason: 'CIS’s certificate does not chain to the CA bundle' };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  });
  await Promise.all(runners);
  return results;
}
