import { type FieldsDescription, fieldTexts } from './fields.ts';
import type { Language } from './languages.ts';
import { alarmFieldsDescription } from './resources/alarm-fields.ts';
import { articleFieldsDescription } from './resources/article-fields.ts';
import { cardTransactionFieldsDescription } from './resources/card-transaction-fields.ts';
import { cityFieldsDescription } from './resources/city-fields.ts';
import { companyFieldsDescription } from './resources/company-fields.ts';
import { depositFieldsDescription } from './resources/deposit-fields.ts';
import { deviceFieldsDescription } from './resources/device-fields.ts';
import { lessorFieldsDescription } from './resources/lessor-fields.ts';
import { locationFieldsDescription } from './resources/location-fields.ts';
import { loggerFieldsDescription } from './resources/logger-fields.ts';
import { loyaltyCardFieldsDescription } from './resources/loyalty-card-fields.ts';
import { repositoryFieldsDescription } from './resources/repository-fields.ts';
import { tagFieldsDescription } from './resources/tag-fields.ts';
import { topUpFieldsDescription } from './resources/top-up-fields.ts';
import { transactionFieldsDescription } from './resources/transaction-fields.ts';
import { userFieldsDescription } from './resources/user-fields.ts';
import { visitFieldsDescription } from './resources/visit-fields.ts';

/** Every resource whose fields are described once (docs/architecture.md "A field, described once"). */
export const FIELD_DESCRIPTIONS: readonly FieldsDescription[] = [
  deviceFieldsDescription,
  lessorFieldsDescription,
  locationFieldsDescription,
  transactionFieldsDescription,
  depositFieldsDescription,
  topUpFieldsDescription,
  articleFieldsDescription,
  userFieldsDescription,
  companyFieldsDescription,
  loggerFieldsDescription,
  tagFieldsDescription,
  cityFieldsDescription,
  loyaltyCardFieldsDescription,
  cardTransactionFieldsDescription,
  repositoryFieldsDescription,
  alarmFieldsDescription,
  visitFieldsDescription,
];

/**
 * A dictionary of the web's resources' texts with the labels and words of the described fields: a
 * resource's texts in the dictionary and in the description share no key (the web's i18n test), so
 * each resource's are put side by side.
 */
export function withDescribedTexts(dictionary: Record<string, unknown>, language: Language): Record<string, unknown> {
  const own = (dictionary.resources ?? {}) as Record<string, Record<string, unknown>>;
  const described = fieldTexts(FIELD_DESCRIPTIONS, language).resources as Record<string, Record<string, unknown>>;
  const resources = { ...own };
  for (const [name, texts] of Object.entries(described)) resources[name] = { ...own[name], ...texts };
  return { ...dictionary, resources };
}
