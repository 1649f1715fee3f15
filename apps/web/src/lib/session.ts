import type { Company, Module, ModuleComponent, Role, TokenClaims, User } from '@kovanica/contract';
import { roles } from '@kovanica/contract';
import { useSyncExternalStore } from 'react';
import { readStored, readStoredJson, writeStored } from './storage.ts';

/** Storage keys of the original client (original §9); other code must not invent new ones. */
export const STORAGE_KEYS = { token: 'token', personalInfo: 'personalInfo', accountInfo: 'accountInfo' } as const;

/** Shown until the user has a photo of their own (original §3). */
export const DEFAULT_PHOTO = '/media/users/default.svg';

export interface PersonalInfo {
  id: number | null;
  name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  photo: string;
}

/** Field names follow the original client's stored structure, so they are snake_case in part. */
export interface AccountInfo {
  role: Role | null;
  company_api_endpoint: string | null;
  company_id: number | null;
  company_oib: string | null;
  company_active_module: Module[] | null;
  activeModuleComponents: ModuleComponent[] | null;
  /** The My Company (false) / All Companies (true) view switch. */
  isTopGun: boolean;
}

export interface Session {
  token: string | null;
  personalInfo: PersonalInfo;
  accountInfo: AccountInfo;
}

export const emptyPersonalInfo: PersonalInfo = {
  id: null,
  name: null,
  surname: null,
  email: null,
  phone: null,
  photo: DEFAULT_PHOTO,
};

export const emptyAccountInfo: AccountInfo = {
  role: null,
  company_api_endpoint: null,
  company_id: null,
  company_oib: null,
  company_active_module: null,
  activeModuleComponents: null,
  isTopGun: false,
};

/** The personal info of a user as the API answers it. */
export function personalInfoOf(user: User): PersonalInfo {
  return { id: user.id, name: user.name, surname: user.surname, email: user.email, phone: user.phone, photo: user.photo ?? DEFAULT_PHOTO };
}

/** The account info at sign-in: the user's first role and their company, in the My Company view. */
export function accountInfoOf(user: User, company: Company): AccountInfo {
  return {
    role: user.roles[0] ?? null,
    company_api_endpoint: company['@id'],
    company_id: company.id,
    company_oib: company.oib,
    company_active_module: company.activeModules,
    activeModuleComponents: company.activeModuleComponents,
    isTopGun: false,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function restorePersonalInfo(raw: unknown): PersonalInfo {
  if (!isRecord(raw)) return emptyPersonalInfo;
  return {
    id: num(raw.id),
    name: str(raw.name),
    surname: str(raw.surname),
    email: str(raw.email),
    phone: str(raw.phone),
    photo: str(raw.photo) ?? DEFAULT_PHOTO,
  };
}

function restoreAccountInfo(raw: unknown): AccountInfo {
  if (!isRecord(raw)) return emptyAccountInfo;
  const role = roles.find((r) => r === raw.role) ?? null;
  return {
    role,
    company_api_endpoint: str(raw.company_api_endpoint),
    company_id: num(raw.company_id),
    company_oib: str(raw.company_oib),
    company_active_module: Array.isArray(raw.company_active_module) ? (raw.company_active_module as Module[]) : null,
    activeModuleComponents: Array.isArray(raw.activeModuleComponents) ? (raw.activeModuleComponents as ModuleComponent[]) : null,
    isTopGun: raw.isTopGun === true,
  };
}

function load(): Session {
  const session = {
    token: readStored(STORAGE_KEYS.token),
    personalInfo: restorePersonalInfo(readStoredJson(STORAGE_KEYS.personalInfo)),
    accountInfo: restoreAccountInfo(readStoredJson(STORAGE_KEYS.accountInfo)),
  };
  // A token whose account (its role) was lost from the storage, or cannot be read, is no session: every
  // page would be refused and the greeting nameless. The user signs in again, and comes back.
  if (session.token !== null && session.accountInfo.role === null) {
    writeStored(STORAGE_KEYS.token, null);
    return { ...session, token: null };
  }
  return session;
}

// A stored token restores the session on start (original §4).
let state: Session = load();
const listeners = new Set<() => void>();

function emit(next: Session) {
  state = next;
  for (const l of listeners) l();
}

export function getSession(): Session {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session; re-renders when any part of it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function setToken(token: string): void {
  writeStored(STORAGE_KEYS.token, token);
  emit({ ...state, token });
}

/** Overwrites the personal info and persists it (original §4). */
export function setPersonalInfo(info: PersonalInfo): void {
  const next = { ...info, photo: info.photo || DEFAULT_PHOTO };
  writeStored(STORAGE_KEYS.personalInfo, JSON.stringify(next));
  emit({ ...state, personalInfo: next });
}

/** Overwrites the account info and persists it (original §4). */
export function setAccountInfo(info: AccountInfo): void {
  writeStored(STORAGE_KEYS.accountInfo, JSON.stringify(info));
  emit({ ...state, accountInfo: info });
}

/** The My/All Companies switch: a partial update that changes only isTopGun (original §4). */
export function setViewAllCompanies(isTopGun: boolean): void {
  setAccountInfo({ ...state.accountInfo, isTopGun });
}

/** Sign out: clears the token, the personal info and the account info (original §4). */
export function clearSession(): void {
  writeStored(STORAGE_KEYS.token, null);
  writeStored(STORAGE_KEYS.personalInfo, null);
  writeStored(STORAGE_KEYS.accountInfo, null);
  emit({ token: null, personalInfo: emptyPersonalInfo, accountInfo: emptyAccountInfo });
}

/** Reads the JWT's claims without verifying them: the server verifies, the client only plans. */
export function readTokenClaims(token: string): Partial<TokenClaims> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return isRecord(claims) ? (claims as Partial<TokenClaims>) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the stored login is still usable. An expired token is dropped here rather than sent, so
 * the user lands on the login screen before a page half-renders and then fails.
 */
export function hasValidLogin(now = Date.now()): boolean {
  const { token } = state;
  if (!token) return false;
  const exp = readTokenClaims(token)?.exp;
  if (typeof exp === 'number' && exp * 1000 <= now) {
    // Offline, the worker keeps the day the phone has (decision 0055): the server asks for a new
    // sign-in once it can be reached, and what waits to be sent stays until then.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
    clearSession();
    return false;
  }
  return true;
}

/**
 * The sign-in page's address, back to `redirect` afterwards. The sign-in page is a page of its own
 * (`login.html`, decision 0016), so the app goes there with a page load, not a client navigation.
 */
export function signInHref(redirect?: string): string {
  return redirect ? `/login?${new URLSearchParams({ redirect })}` : '/login';
}

// Another tab signing in or out changes the same keys: follow it so the tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) emit(load());
  });
}
