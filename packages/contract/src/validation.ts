import { z } from 'zod';
import { isCalendarDate, isValidImei, isValidOib, parseInstant } from './checks.ts';
import type { Language } from './languages.ts';
import { messages, type ValidationCode, validationMessage } from './messages.ts';

/** A violation as the API returns it (422) and as forms show it. */
export interface Violation {
  propertyPath: string;
  message: string;
  code: ValidationCode;
}

/** A check that names its own message: the zod issue's message is the message code. */
const withCode = (code: ValidationCode) => ({ error: code });
const isValidationCode = (value: string): value is ValidationCode => Object.hasOwn(messages.en.validation, value);

export const zOib = () => z.string().refine(isValidOib, withCode('oib'));
export const zEmail = () => z.string().trim().max(180).pipe(z.email());
/** A required, trimmed text. */
export const zText = (max = 255) => z.string().trim().min(1).max(max);
/**
 * A new password (NIST SP 800-63B): 12 to 200 characters, any characters but control characters, no
 * composition rules. The server also refuses common and breached passwords and ones containing the
 * e-mail (`password_common`, `password_contains_email`).
 */
export const zPassword = () =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, withCode('password'))
    .max(PASSWORD_MAX_LENGTH, withCode('password'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), withCode('password_characters'));
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
/** The largest amount a field takes: 10,000,000.00 €, beyond any one amount of the business, within PostgreSQL's `integer`. */
export const MAX_CENTS = 1_000_000_000;
export const zCents = () => z.number().int().min(0).max(MAX_CENTS);
export const zImei = () => z.string().trim().refine(isValidImei, withCode('imei'));

/** A calendar date, `YYYY-MM-DD` (shown as dd.MM.yyyy), within `DATE_RANGE`; documented as `format: date`. */
export const zDate = () => z.iso.date({ error: 'date', abort: true }).refine(isCalendarDate, withCode('date'));
/** An instant with its offset (`2026-11-21T09:59:58Z`, `…+01:00`) on a day within `DATE_RANGE` (`parseInstant`). */
export const zInstant = () => z.string().refine((v) => parseInstant(v) !== null, withCode('date'));
/** A time of day, `HH:mm`. */
export const zTime = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, withCode('time'));
/** A percentage 0–100 with at most two decimals. */
export const zPercent = () =>
  z
    .number()
    .min(0, withCode('percent'))
    .max(100, withCode('percent'))
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, withCode('percent'));
/** A colour as `#RRGGBB`. */
export const zColor = () => z.string().regex(/^#[0-9a-fA-F]{6}$/, withCode('color'));
/** A phone number: digits, spaces, `()/-`, an optional leading `+`. */
export const zPhone = () =>
  z
    .string()
    .trim()
    .max(40)
    .regex(/^\+?[0-9 ()/-]{6,}$/, withCode('format'));
/** An optional free text: empty means none. */
export const zNote = (max = 2000) => z.string().trim().max(max).nullable();

/** `end` must not be before `start` when both are given (ISO dates compare as text). */
export function endNotBeforeStart(value: { start?: string | null; end?: string | null }): boolean {
  return !value.start || !value.end || value.end >= value.start;
}

type Issue = z.core.$ZodIssue;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur == null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** Maps one zod issue to a violation code and its parameters. */
export function issueCode(issue: Issue, input: unknown): [ValidationCode, Record<string, unknown>] {
  // A check that names its own message may give its parameters too (`ctx.addIssue({ params })`).
  if (isValidationCode(issue.message)) return [issue.message, issue.code === 'custom' ? (issue.params ?? {}) : {}];
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      if (value === undefined || value === null || value === '') return ['required', {}];
      if (issue.expected === 'number' || issue.expected === 'int') return ['number', {}];
      if (issue.expected === 'boolean') return ['boolean', {}];
      return ['invalid', {}];
    }
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? ['required', {}] : ['too_short', { min: issue.minimum }];
      if (issue.origin === 'array' || issue.origin === 'set') return ['too_few', { min: issue.minimum }];
      return ['min', { min: issue.minimum }];
    case 'too_big':
      if (issue.origin === 'string') return ['too_long', { max: issue.maximum }];
      if (issue.origin === 'array' || issue.origin === 'set') return ['too_many', { max: issue.maximum }];
      return ['max', { max: issue.maximum }];
    case 'invalid_format':
      return issue.format === 'email' ? ['email', {}] : ['format', {}];
    case 'invalid_value': {
      const value = valueAt(input, issue.path);
      if (value === undefined || value === null || value === '') return ['required', {}];
      return ['choice', { values: issue.values.map(String).join(', ') }];
    }
    case 'not_multiple_of':
      return ['integer', {}];
    default:
      return ['invalid', {}];
  }
}

/** Turns zod issues into violations in the caller's language. */
export function toViolations(issues: readonly Issue[], input: unknown, lang: Language): Violation[] {
  return issues.map((issue) => {
    const [code, params] = issueCode(issue, input);
    return { propertyPath: issue.path.map(String).join('.'), message: validationMessage(lang, code, params), code };
  });
}
