import { mailsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** The outbox (decision 0025): read-only; `/settings/outbox`, a mail at `/settings/outbox/$id`. */
export const mailsApi = /* @__PURE__ */ resourceApi(mailsResource, { path: '/settings/outbox', title: (mail) => mail.subject });
