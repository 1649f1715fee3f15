import { alarmAcknowledgement, alarmAcknowledgementAnswer, alarmSummary, alarmsResource, problemSchema } from '@kovanica/contract';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { registerCrud } from '../../http/crud.ts';
import { alarmColumns } from './alarms.queries.ts';
import { alarmsService } from './alarms.service.ts';

/**
 * Alarms (docs/rules.md "Alarms"): listed (the open ones by what they cost an hour, the history by
 * the `status` filter) and read like any resource, and acknowledged, one or many at once.
 */
export function alarmsRoutes(app: Api, deps: Deps) {
  const service = alarmsService(deps.db);
  registerCrud(app, deps, { resource: alarmsResource, columns: alarmColumns, service });

  app.route({
    method: 'GET',
    url: '/api/v2/alarms/summary',
    config: { permission: 'alarms.read' },
    schema: {
      tags: ['alarms'],
      summary: 'The open alarms of the view at a glance: how many wait, how many are taken, and what they cost an hour in all',
      response: { 200: alarmSummary },
    },
    handler: (request) => service.summary(contextOf(request)),
  });

  app.route({
    method: 'POST',
    url: '/api/v2/alarms/acknowledge',
    config: { permission: 'alarms.acknowledge' },
    schema: {
      tags: ['alarms'],
      summary: 'Acknowledge one or many alarms at once ("I am on it"): all or none; one acknowledged or resolved already stays as it is',
      body: alarmAcknowledgement,
      response: { 200: alarmAcknowledgementAnswer, 422: problemSchema },
    },
    handler: async (request) => {
      const acknowledged = await service.acknowledge(contextOf(request), request.body);
      deps.versions.bump('alarms');
      return { acknowledged };
    },
  });
}
