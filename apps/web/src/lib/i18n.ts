import { DEFAULT_LANGUAGE, type Language, languages } from '@kovanica/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import hr from '../i18n/hr.json';
import { readStored, writeStored } from './storage.ts';

/** The language setting's storage key and values (original §9): 'en' (default) or 'hr'. */
export const LANGUAGE_KEY = 'language';

export function storedLanguage(): Language {
  const raw = readStored(LANGUAGE_KEY);
  return languages.find((l) => l === raw) ?? DEFAULT_LANGUAGE;
}

// Both dictionaries are small and always needed for the first paint, so they ship in the entry chunk.
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, hr: { translation: hr } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18next.language;

export const i18n = i18next;

/** The language in force; the API client sends it as Accept-Language. */
export function currentLanguage(): Language {
  return languages.find((l) => l === i18next.language) ?? DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  writeStored(LANGUAGE_KEY, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
