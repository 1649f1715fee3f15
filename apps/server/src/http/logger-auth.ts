import type { FastifyRequest } from 'fastify';
import { DomainError } from '../core/errors.ts';
import { refusedKey } from '../security/attempts.ts';
import { bearerOf } from '../security/credentials.ts';
import type { Limits } from '../security/limits.ts';

/** A logger as its credential names it: what the routes loggers call (telemetry batches, gateways' audits) work with. */
export interface CredentialLogger {
  id: number;
  companyId: number;
  imei: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logger whose credential the request carried (routes with `loggerAuthentication`). */
    logger?: CredentialLogger;
  }
}

/**
 * The `onRequest` hook of a route loggers call (decision 0007; docs/api.md "Telemetry"): such a route
 * is `public` to the user guard, as loggers never hold a user's token; their own credential
 * (`Authorization: Bearer <credential>`) is checked here, before the body is read. A wrong one is a 401
 * that counts against the address's key guesses (429 past them).
 */
export function loggerAuthentication(limits: Limits, find: (credential: string) => Promise<CredentialLogger | null>) {
  return async (request: FastifyRequest) => {
    const credential = bearerOf(request.headers.authorization);
    const logger = credential ? await find(credential) : null;
    if (!logger)
      throw await refusedKey(limits, request.ip, new DomainError(401, 'bad_logger_credential', {}, [], { 'www-authenticate': 'Bearer' }));
    request.logger = logger;
  };
}
