import { z } from 'zod';

/** Figures of the companies in the caller's view. Revenue indexes and forecasts come with telemetry. */
export const dashboardSummary = z.object({
  '@id': z.string(),
  '@type': z.literal('DashboardSummary'),
  companies: z.number().int(),
  users: z.number().int(),
  activeUsers: z.number().int(),
  locations: z.number().int(),
  devices: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
