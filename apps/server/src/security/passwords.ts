import type { ValidationCode } from '@kovanica/contract';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { invalid } from '../core/errors.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. (2 is Algorithm.Argon2id, a const enum.)
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of nothing, verified against when the account does not exist, so timing tells nothing. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => {
  decoy ??= hashPassword('decoy-password-that-matches-nothing');
  return decoy;
};

// zxcvbn with the common-password and diceware lists (docs/rules.md, "Passwords"). Built once: the
// dictionaries take a moment to index.
let strength: ZxcvbnFactory | undefined;
const estimator = () => {
  strength ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return strength;
};

/** zxcvbn's score 3: more than 10^8 guesses, "safely unguessable" against throttled online attacks. */
const MIN_SCORE = 3;

/** Whose password it is, for the words it must not be guessed from. */
export interface PasswordOwner {
  email: string;
  name?: string;
  surname?: string;
  /** The name of the user's company. */
  company?: string | null;
}

/** The words of a company's name a password must not contain: its own words, not the legal form. */
const LEGAL_FORMS = new Set(['d.o.o.', 'j.d.o.o.', 'd.d.', 'obrt', 'doo', 'jdoo', 'dd', 'vl.', 'ltd', 'gmbh', 'inc']);
/** The parts of an address that name no one: top-level domains and mail providers. */
const COMMON_DOMAINS = new Set(['test', 'com', 'net', 'org', 'hr', 'eu', 'gmail', 'yahoo', 'hotmail', 'outlook', 'icloud', 'live']);
/** Known to anyone who has seen the product or its demo: never a real account's password. */
const PRODUCT_WORDS = ['kovanica', 'kovanica-demo'];

/** Words of four letters or more in a name, lower case, without its legal form. */
const wordsOf = (text: string, skip: ReadonlySet<string>) =>
  text
    .toLowerCase()
    .split(/[\s@.,\-_/]+/)
    .filter((w) => w.length >= 4 && !skip.has(w));

/**
 * NIST SP 800-63B's blocklist check for a new password (length and characters are the contract's
 * `zPassword`): refused when it contains the account's e-mail (`password_contains_email`); when it
 * contains a name others know — a word of the company's name, of the e-mail's domain, or the
 * product's — (`password_guessable`: `zabavni12345` for Zabavni automati, `kovanica-demo`); or when it
 * is a commonly used or leaked password or a near variant (a dictionary word with digits, a keyboard
 * walk, a repeat), as zxcvbn estimates with the user's own data as extra words. No composition rules.
 */
export async function passwordProblem(password: string, user: PasswordOwner): Promise<ValidationCode | null> {
  const email = user.email.trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const lower = password.toLowerCase();
  if (email && (lower.includes(email) || (local.length >= 4 && lower.includes(local)))) return 'password_contains_email';
  const known = [...wordsOf(user.company ?? '', LEGAL_FORMS), ...wordsOf(domain, COMMON_DOMAINS), ...PRODUCT_WORDS];
  if (known.some((w) => lower.includes(w))) return 'password_guessable';
  const words = [email, local, user.name ?? '', user.surname ?? '', ...known].filter((w) => w.length >= 3);
  const result = await estimator().checkAsync(password.slice(0, 100), words);
  return result.score < MIN_SCORE ? 'password_common' : null;
}

/** A new password must pass the blocklist check (docs/rules.md, "Passwords"): a 422 on `password` otherwise. */
export async function checkNewPassword(password: string, user: PasswordOwner, field = 'password') {
  const problem = await passwordProblem(password, user);
  if (problem) throw invalid(field, problem);
}
