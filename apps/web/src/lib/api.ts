import { API_BASE, MERGE_PATCH, type Problem, VIEW_HEADER } from '@kovanica/contract';
import { currentLanguage } from './i18n.ts';
import { getSession } from './session.ts';
import { type View, viewOf } from './view.ts';

/** Tag of every error this client throws (original §8). */
const TAG = '[kovanica-web]';
/** Marks GET calls as coming from this client (original §7). */
const CLIENT_MARKER = 'kovanica-web';

/** An API failure: the message carries the tag and cause; status and problem stay readable. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;
  constructor(cause: string, status: number, problem: Problem | null) {
    super(`${TAG} ${cause}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }

  /** The server's own message, already in the user's language, for showing on screen. */
  get userMessage(): string | null {
    return this.problem?.message ?? this.problem?.detail ?? null;
  }
}

/** Query parameters; an array repeats the parameter (`status=a&status=b`: any of them). */
export type Query = Record<string, string | number | boolean | null | undefined | readonly string[]>;

/**
 * What validates an answer: a contract schema. Only its `safeParse` is used, so this module (in the
 * first paint) does not import zod; the schemas come with the screens that ask (decision 0016).
 */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Validates the answer; the contract's schema for the resource. */
  schema?: AnswerSchema<T>;
  /**
   * A 401 normally means the stored login expired: the session is dropped and the user sent to the
   * login screen. The login call itself answers 401 for a wrong password, which is not that.
   */
  redirectOnUnauthorized?: boolean;
  /**
   * The company view to ask for. Left out, it follows the session's My/All Companies switch; a screen
   * that is about every company (e.g. `/users/all/list`) asks for 'all' whatever the switch says.
   */
  view?: View;
  signal?: AbortSignal;
  /** Headers of this request beside the client's own (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/**
 * Set once by the app: what to do when the server says the login is no longer valid. It runs only
 * for a 401 to a request sent with the login still stored: one sent before a sign-out or a new
 * sign-in (a password change) is about a login that is already gone.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function buildUrl(path: string, query: Query | undefined, method: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const one of value) params.append(key, one);
    else if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  if (method === 'GET') params.set('client', CLIENT_MARKER);
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function readProblem(response: Response): Promise<Problem | null> {
  try {
    const body: unknown = await response.json();
    // The contract's schema, loaded with the first failure (already loaded once any screen is open).
    const { problemSchema } = await import('./api-schemas.ts');
    const parsed = problemSchema.safeParse(body);
    // A problem's own extension members (who did a stop first, the deposit's current figures) are kept.
    return parsed.success ? ({ ...(body as object), ...parsed.data } as Problem) : null;
  } catch {
    return null;
  }
}

/** The last `ETag` each path answered with: what a change sends as `If-Match` (a deposit's count). */
const etags = new Map<string, string>();
export const etagOf = (path: string): string | null => etags.get(path) ?? null;

/** The one way the web app talks to the server. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  // PUT is never sent: a whole-resource replace is a merge-patch of every field (original §7).
  const method = options.method === 'PUT' ? 'PATCH' : (options.method ?? 'GET');
  const { token, accountInfo } = getSession();
  const headers: Record<string, string> = {
    Accept: 'application/ld+json, application/json;q=0.9, application/problem+json;q=0.8',
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, options.headers);
  if ((options.view ?? viewOf(accountInfo)) === 'all') headers[VIEW_HEADER] = 'all';
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = method === 'PATCH' ? MERGE_PATCH : 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, method), { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(`${method} ${path}: network error (${error instanceof Error ? error.message : String(error)})`, 0, null);
  }

  if (!response.ok) {
    const problem = await readProblem(response);
    if (response.status === 401 && options.redirectOnUnauthorized !== false && token && getSession().token === token) onUnauthorized();
    const cause = problem?.message ?? problem?.detail ?? problem?.title ?? response.statusText;
    throw new ApiError(`${method} ${path}: ${response.status} ${cause}`, response.status, problem);
  }

  const etag = response.headers.get('ETag');
  if (etag) etags.set(path, etag);
  if (response.status === 204) return undefined as T;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(`${method} ${path}: the answer is not JSON`, response.status, null);
  }
  if (!options.schema) return json as T;
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(`${method} ${path}: unexpected answer (${parsed.error.issues[0]?.path.join('.') ?? '?'})`, response.status, null);
  }
  return parsed.data;
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Signs in: the token for the e-mail and password (the sign-in page, and again after a password change). */
export async function requestToken(email: string, password: string): Promise<string> {
  const { loginResponse } = await import('./api-schemas.ts');
  const { token } = await apiRequest('/authentication_token', {
    method: 'POST',
    body: { email, password },
    schema: loginResponse,
    redirectOnUnauthorized: false,
  });
  return token;
}
