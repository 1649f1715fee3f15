/** The languages of the app and the API (English and Croatian); the web's first paint needs these without the messages. */
export const languages = ['en', 'hr'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Picks 'hr' or 'en' from an Accept-Language header (first match wins; English by default). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'hr' || tag === 'en') return tag;
  }
  return DEFAULT_LANGUAGE;
}
