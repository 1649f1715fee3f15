/** Read-only histories that ingestion derives from the loggers' events; never written from a form. */
export { criticalEpisodesApi } from '../../lib/apis/critical-episodes.ts';
export { emptyingsApi } from '../../lib/apis/emptyings.ts';
export { serviceSessionsApi } from '../../lib/apis/service-sessions.ts';
