/**
 * Settings are one record for the whole platform, so its detail id is fixed. The keys are apart from
 * the query (`settings-query.ts`): the layout's route invalidates them from the entry chunk, which
 * holds no schema (decision 0016).
 */
export const settingsKeys = {
  all: ['settings'] as const,
  detail: ['settings', 'detail', 'current'] as const,
};
