/**
 * The schemas `api.ts` checks answers with itself, loaded on first use: `api.ts` is in the first
 * paint, zod is not (decision 0016). A module of its own so that the chunk holds these two only.
 */
export { loginResponse, problemSchema } from '@kovanica/contract';
