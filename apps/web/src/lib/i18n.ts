import { DEFAULT_LANGUAGE, type Language, languages, withDescribedTexts } from '@kovanica/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from './storage.ts';

/** The language setting's storage key and values (original §9): 'en' (default) or 'hr'. */
export const LANGUAGE_KEY = 'language';

export function storedLanguage(): Language {
  const raw = readStored(LANGUAGE_KEY);
  return languages.find((l) => l === raw) ?? DEFAULT_LANGUAGE;
}

/**
 * Each language's dictionary is two chunks (decision 0016): its core (sign-in, layout, errors: the
 * first paint) and the resources' texts (lists and forms), which the signed-in layout loads before
 * its first screen (`loadAppTexts`). A page loads the language it shows, not both.
 */
type Part = 'core' | 'resources';
type Dictionary = () => Promise<{ default: Record<string, unknown> }>;
/** The resources' dictionary with the texts of the fields the contract describes. */
const withFieldTexts =
  (language: Language) =>
  ({ default: dictionary }: { default: Record<string, unknown> }) => ({ default: withDescribedTexts(dictionary, language) });
const dictionaries: Record<Language, Record<Part, Dictionary>> = {
  en: { core: () => import('../i18n/en.json'), resources: () => import('../i18n/en.resources.json').then(withFieldTexts('en')) },
  hr: { core: () => import('../i18n/hr.json'), resources: () => import('../i18n/hr.resources.json').then(withFieldTexts('hr')) },
};
/** The parts the app has asked for; a change of language loads them in the new language. */
const parts = new Set<Part>(['core']);
const loaded = new Set<string>();

/**
 * Loads a language's parts once each, side by side in its one `translation` bundle. The parts share no
 * top-level key (i18n.test.ts), so they are added as they are: no deep merge and no copy of the texts
 * (i18next otherwise copies a bundle through JSON and merges it key by key, on every page load).
 */
async function loadLanguage(language: Language): Promise<void> {
  await Promise.all(
    [...parts].map(async (part) => {
      if (loaded.has(`${language}.${part}`)) return;
      const texts = (await dictionaries[language][part]()).default;
      i18next.addResourceBundle(language, 'translation', texts, false, true, { skipCopy: true });
      loaded.add(`${language}.${part}`);
    }),
  );
}

/** The resources' texts in the language in force: the signed-in layout awaits it before its screens. */
export function loadAppTexts(): Promise<void> {
  parts.add('resources');
  return loadLanguage(currentLanguage());
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
