import { DEFAULT_LANGUAGE, type Language, languages } from '@kovanica/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from './storage.ts';

/** The language setting's storage key and values (original §9): 'en' (default) or 'hr'. */
export const LANGUAGE_KEY = 'language';

export function storedLanguage(): Language {
  const raw = readStored(LANGUAGE_KEY);
  return languages.find((l) => l === raw) ?? DEFAULT_LANGUAGE;
}

/** Each dictionary is a chunk of its own: a page loads the language it shows, not both (decision 0016). */
const dictionaries: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../i18n/en.json'),
  hr: () => import('../i18n/hr.json'),
};

/** Loads a language's dictionary once. */
async function loadLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', (await dictionaries[language]()).default);
}

const initial = storedLanguage();
/** Resolves when the stored language's dictionary is in: the app renders after it (main.tsx). */
export const i18nReady: Promise<void> = Promise.all([
  i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: initial,
    // Both dictionaries hold every key (i18n.test.ts), so there is nothing to fall back to.
    fallbackLng: false,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnNull: false,
  }),
  loadLanguage(initial),
]).then(() => {
  document.documentElement.lang = initial;
});

export const i18n = i18next;

/** The language in force; the API client sends it as Accept-Language. */
export function currentLanguage(): Language {
  return languages.find((l) => l === i18next.language) ?? DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  writeStored(LANGUAGE_KEY, language);
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
