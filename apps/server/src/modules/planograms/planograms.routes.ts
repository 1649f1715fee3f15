import { planogram, planogramUpdate, problemSchema, productSalesQuery, productSalesReport } from '@kovanica/contract';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams } from '../../http/crud.ts';
import { planogramsService, productSalesReport as report } from './planograms.service.ts';

/**
 * A device's planogram (docs/rules.md "Planograms and audit sales"), read with the device and written
 * by its managers, and the product sales report of the machines' audits.
 */
export function planogramsRoutes(app: Api, deps: Deps) {
  const service = planogramsService(deps.db);

  app.route({
    method: 'GET',
    url: '/api/v2/devices/:id/planogram',
    config: { permission: 'devices.read' },
    schema: {
      tags: ['devices'],
      summary: "The device's planogram: which article each selection of the machine holds",
      params: idParams,
      response: { 200: planogram, 400: problemSchema, 404: problemSchema },
    },
    handler: async (request) => {
      const answer = await service.get(contextOf(request), request.params.id);
      if (!answer) throw notFound();
      return answer;
    },
  });

  app.route({
    // A merge-patch (RFC 7396) replaces the list whole: the web app sends no PUT (decision 0029).
    method: 'PATCH',
    url: '/api/v2/devices/:id/planogram',
    // Workers hold `devices.update` too: the devices' field rule `planogram` leaves it to managers and admins (403 `forbidden_field`).
    config: { permission: 'devices.update' },
    schema: {
      tags: ['devices'],
      summary:
        "Replaces the device's planogram (a merge-patch of `selections`, which replaces the list whole): each selection (1–10 characters, once) with an article of the device's company, at most 200; managers and admins",
      params: idParams,
      body: planogramUpdate,
      response: { 200: planogram, 400: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema },
    },
    handler: async (request) => {
      try {
        const answer = await service.replace(contextOf(request), request.params.id, request.body);
        if (!answer) throw notFound();
        return answer;
      } finally {
        // The trail has a line more (the planogram is no resource of the kit: it bumps it itself).
        deps.versions.bump('audit-log');
      }
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v2/reports/product-sales',
    config: { permission: 'finance.read' },
    schema: {
      tags: ['reports'],
      summary:
        "Paid vends and their value per article, from the machines' audits: the sales since each device's previous audit, for the audits made in the range; selections no planogram maps listed per device",
      querystring: productSalesQuery,
      response: { 200: productSalesReport, 400: problemSchema, 422: problemSchema },
    },
    handler: (request) => report(deps.db, contextOf(request), request.query),
  });
}
