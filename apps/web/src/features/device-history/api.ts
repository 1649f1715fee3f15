/** Read-only histories that ingestion derives from the loggers' events; never written from a form. */
export { criticalEpisodesApi, emptyingsApi, serviceSessionsApi } from '../../lib/resources.ts';
