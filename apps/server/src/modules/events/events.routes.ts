import type { OutgoingHttpHeaders } from 'node:http';
import { problemSchema } from '@kovanica/contract';
import { z } from 'zod';
import { DomainError } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { type LiveStream, liveHub, liveTagsOf, STREAMS_PER_USER } from './events.service.ts';

/**
 * Live updates (docs/api.md "Live updates"): a Server-Sent Events stream that says which of the
 * bell's resources changed, on this instance or another, so a screen refetches them at once instead
 * of at its next poll. Every signed-in user may open one (`alarms.read`, which every role holds).
 */
export function eventsRoutes(app: Api, deps: Deps) {
  const hub = liveHub(deps.versions);
  // Before the server stops taking connections: open streams would hold `close` forever.
  app.addHook('preClose', async () => hub.close());

  app.route({
    method: 'GET',
    url: '/api/v2/events',
    config: { permission: 'alarms.read' },
    schema: {
      tags: ['events'],
      summary:
        'Live updates (text/event-stream): `event: changed` with `{"tags":[…]}` when alarms, deposits or bills change; a comment every 25 s',
      response: {
        200: {
          description: 'The stream: `event: changed` and `data: {"tags":[…]}` blocks, and comments',
          content: { 'text/event-stream': { schema: z.string() } },
        },
        401: problemSchema,
        429: problemSchema,
      },
    },
    handler: async (request, reply) => {
      const ctx = contextOf(request);
      const raw = reply.raw;
      let remove: (() => void) | null = null;
      const stream: LiveStream = {
        userId: ctx.actor.userId,
        tags: liveTagsOf((permission) => ctx.can(permission)),
        write: (text) => {
          if (!raw.writableEnded) raw.write(text);
        },
        end: () => {
          remove?.();
          if (!raw.writableEnded) raw.end();
        },
      };
      remove = hub.open(stream);
      if (!remove) throw new DomainError(429, 'too_many_streams', { max: STREAMS_PER_USER }, [], { 'retry-after': '30' });
      // The stream is written by hand: no compression (it would hold events back), no answer schema.
      reply.hijack();
      raw.writeHead(200, {
        // What the hooks set so far (the security headers, CORS).
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies (nginx) must pass each event on as it comes.
        'x-accel-buffering': 'no',
        // The connection ends with the stream: an ended stream's socket left idle would hold the server's close.
        connection: 'close',
      });
      raw.write(': live\nretry: 5000\n\n');
      // An injected request (`app.inject`: the tests, the API fuzzer) waits for the answer's end, and
      // no client holds it open: it gets the stream's opening, then the end.
      if ('_lightMyRequest' in request.raw) {
        remove();
        raw.end();
        return;
      }
      // The stream ends when its token does: a new one needs a valid sign-in.
      const exp = (request.user as { exp?: number } | undefined)?.exp;
      const expiry = exp ? setTimeout(() => stream.end(), Math.max(0, exp * 1000 - Date.now())) : undefined;
      expiry?.unref();
      const done = () => {
        clearTimeout(expiry);
        remove?.();
      };
      raw.on('close', done);
      request.raw.on('close', done);
    },
  });
}
