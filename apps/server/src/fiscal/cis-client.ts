import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';

/** Where and how a company talks to CIS (its fiscal settings). */
export interface CisEndpoint {
  url: string;
  /** The CA bundle CIS's server certificate is checked against (FINA's CA is in no public trust store). */
  ca?: string;
  /** The longest wait for an answer; CIS answers within 2 s. */
  timeoutMs: number;
}

/** What came back over the wire: the HTTP status and body, or the network failure; always the duration. */
export type CisExchange =
  | { ok: true; status: number; body: string; durationMs: number }
  | { ok: false; error: 'timeout' | 'network'; message: string; durationMs: number };

/** Sends one SOAP message and reads the whole answer (no retries here: the sender decides). */
export function sendSoap(endpoint: CisEndpoint, soapAction: string, envelope: string): Promise<CisExchange> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const url = new URL(endpoint.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const body = Buffer.from(envelope, 'utf8');
    const req = send(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${soapAction}"`, 'content-length': body.byteLength },
        ...(url.protocol === 'https:' && endpoint.ca ? { ca: endpoint.ca } : {}),
        timeout: endpoint.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ ok: true, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), durationMs: elapsed() }),
        );
        res.on('error', (error) => resolve({ ok: false, error: 'network', message: error.message, durationMs: elapsed() }));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve({ ok: false, error: 'timeout', message: `no answer within ${endpoint.timeoutMs} ms`, durationMs: elapsed() });
    });
    req.on('error', (error) => resolve({ ok: false, error: 'network', message: error.message, durationMs: elapsed() }));
    req.end(body);
  });
}
