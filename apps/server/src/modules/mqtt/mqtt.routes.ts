import { DEFAULT_LANGUAGE, type Problem, type TelemetryAnswer, type TelemetryBatch, telemetryBatch } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../core/errors.ts';
import { loggers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { renderProblem } from '../../http/problems.ts';
import { RequestValidationError, validationProblem, validatorCompiler } from '../../http/validation.ts';
import { type IngestLogger, receiveBatch } from '../telemetry/telemetry.service.ts';

// The MQTT module's routes: what a message on a batch topic becomes (the counterpart of
// telemetry.routes.ts for HTTP), with the HTTP route's own validator and problems.

/** A logger as MQTT knows it: who it is and the IMEI its topics name. */
export type MqttLogger = IngestLogger & { imei: string };

/** What the server answers a batch with on the logger's `acks` topic: the HTTP answer's body, or the problem. */
export type BatchReply = { ok: true; answer: TelemetryAnswer } | { ok: false; problem: Problem };

/** The batch's body checked exactly as `POST /telemetry/batches` checks it (the route's own validator). */
const validate = validatorCompiler({
  schema: telemetryBatch,
  httpPart: 'body',
  method: 'POST',
  url: '/api/v2/telemetry/batches',
}) as (data: unknown) => { value?: TelemetryBatch; error?: unknown };

/** The logger a batch topic names, as the external broker's batches are matched to loggers (by IMEI). */
export async function loggerByImei(deps: Deps, imei: string): Promise<MqttLogger | null> {
  const [row] = await deps.db
    .select({ id: loggers.id, companyId: loggers.companyId, imei: loggers.imei })
    .from(loggers)
    .where(eq(loggers.imei, imei));
  return row ?? null;
}

/**
 * A batch published over MQTT, handled as the HTTP route handles its body: parsed, validated, its
 * IMEI checked against the logger's, stored once (`receiveBatch`: exactly-once by `seq`). A refused
 * batch answers its problem (in English: MQTT 3.1.1 carries no language); it is acknowledged all the
 * same, as an HTTP 4xx is an answer, and a logger does not send it again. Any other error (the database
 * away) is thrown: the caller leaves the message unacknowledged, so the broker or the logger sends it again.
 */
export async function receiveMqttBatch(deps: Deps, logger: MqttLogger | null, payload: Buffer): Promise<BatchReply> {
  const reply = await replyTo(deps, logger, payload);
  if (!reply.ok) deps.metrics.refused('mqtt');
  return reply;
}

async function replyTo(deps: Deps, logger: MqttLogger | null, payload: Buffer): Promise<BatchReply> {
  try {
    if (!logger) throw new DomainError(401, 'bad_logger_credential');
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      throw new DomainError(400, 'malformed');
    }
    const checked = validate(body);
    if (checked.error instanceof RequestValidationError) {
      const problem = validationProblem(checked.error, DEFAULT_LANGUAGE);
      return { ok: false, problem: problem instanceof DomainError ? renderProblem(problem, DEFAULT_LANGUAGE) : problem };
    }
    if (!checked.value) throw new DomainError(400, 'malformed');
    return { ok: true, answer: await receiveBatch(deps, logger, checked.value, 'mqtt') };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, problem: renderProblem(error, DEFAULT_LANGUAGE) };
    throw error;
  }
}

/** The payload of an `acks` message. */
export const replyPayload = (reply: BatchReply) => Buffer.from(JSON.stringify(reply.ok ? reply.answer : reply.problem));
