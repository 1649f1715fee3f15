/**
 * Messages the API returns (validation violations and problems), in both languages. The web app shows
 * the same texts for client-side validation, so a field error reads the same wherever it is found.
 */
export const languages = ['en', 'hr'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

const en = {
  validation: {
    required: 'This field is required.',
    email: 'Enter a valid e-mail address.',
    oib: 'Enter a valid OIB: 11 digits with a correct check digit.',
    imei: 'Enter a valid IMEI: 15 digits with a correct check digit.',
    too_short: 'Enter at least {min} characters.',
    too_long: 'Enter at most {max} characters.',
    too_few: 'Choose at least {min}.',
    too_many: 'Choose at most {max}.',
    min: 'The value must be at least {min}.',
    max: 'The value must be at most {max}.',
    integer: 'Enter a whole number.',
    number: 'Enter a number.',
    choice: 'Choose one of: {values}.',
    boolean: 'Choose yes or no.',
    format: 'This value is not in the right format.',
    iri: 'This reference is not valid.',
    reference: 'The referenced item does not exist.',
    unique: 'This value is already used.',
    password: 'The password must have 12 to 200 characters.',
    password_characters: 'The password must not contain control characters.',
    password_common: 'This password is too easy to guess: it is a commonly used or leaked password, or close to one.',
    password_contains_email: 'The password must not contain your e-mail address.',
    current_password: 'The current password is not correct.',
    own_role: 'You cannot change your own role, company, e-mail or active flag.',
    self_parent: 'A company cannot be its own parent.',
    parent_not_top: 'The parent company must be a top-level company.',
    parent_cycle: 'A company cannot be placed under its own subsidiary.',
    date: 'Enter a valid date.',
    time: 'Enter a time as HH:mm.',
    end_before_start: 'The end must not be before the start.',
    range_too_long: 'The period may span at most {max} days.',
    same_start_end: 'Opening and closing times must differ.',
    percent: 'Enter a percentage from 0 to 100 with at most two decimals.',
    color: 'Choose a colour as #RRGGBB.',
    logger_taken: 'This logger is already fitted to another device.',
    other_company: 'This item belongs to another company.',
    no_logger: 'This device has no logger to send the command to.',
    deposit_verified: 'A verified deposit cannot be changed.',
    deposit_not_counted: 'Enter the counted amounts before verifying.',
    note_required: 'The difference is outside the tolerance: add a note.',
    event_too_early: 'An event before 2000-01-01 is not accepted: the clock of the logger is not set.',
    seq_conflict: 'Another event of this batch has the sequence number {seq} with different content.',
    characters: 'This text contains characters that cannot be stored (a NUL or half of a character).',
    net_gross_mismatch: 'The net and gross prices do not agree at this VAT rate: send one of them and the other is computed.',
    insufficient_stock: 'Not enough "{article}" in {repository}: {available} available, {requested} needed.',
    not_prize_device: 'Prizes are loaded into prize devices only.',
    same_repository: 'Choose two different repositories.',
    not_for_kind: 'This field does not apply to a movement of the kind "{kind}".',
    not_zero: 'Enter a quantity other than zero.',
    in_future: 'The time must not be in the future.',
    client_key_reused: 'This client key was already used for a different movement.',
    unknown: 'Unknown or read-only field: {field}.',
    invalid: 'This value is not valid.',
  },
  problem: {
    bad_credentials: 'Invalid credentials.',
    unauthenticated: 'Sign in to continue.',
    token_expired: 'Your session has expired. Sign in again.',
    forbidden: 'You do not have permission to do this.',
    forbidden_field: 'You may not change the field "{field}" here.',
    session_ended: 'You have been signed out. Sign in again.',
    module_off: 'The module "{module}" is not active for your company.',
    not_found: 'Not found.',
    route_not_found: 'No such API route.',
    unsupported_media_type: 'This request needs the content type {expected}.',
    unknown_field: 'Unknown or read-only field: {field}.',
    malformed: 'The request body is not valid JSON.',
    too_large: 'The request is too large.',
    bad_query: 'Query parameter "{param}" is not valid.',
    validation: 'The data is not valid.',
    too_many_attempts: 'Too many sign-in attempts. Try again in {seconds} seconds.',
    conflict: 'This item is still in use: {detail}.',
    inactive_account: 'This account is not active.',
    bad_logger_credential: 'The logger credential is missing or not valid.',
    imei_mismatch: 'The IMEI does not belong to this credential.',
    deposit_verified: 'A verified deposit cannot be changed.',
    internal: 'Something went wrong on our side. Please try again later.',
    unknown_param: 'Unknown query parameter "{param}".',
    page_too_deep: 'Page numbers reach the first {max} items only: page on by cursor, following the link view.next.',
    query_timeout: 'The request took too long and was stopped. Narrow it down (filters, a shorter period) or try again.',
    insufficient_stock: 'Not enough "{article}" in {repository}: {available} available, {requested} needed. Nothing was booked.',
    already_reversed: 'This movement was already reversed by movement {reversal}.',
    reversal_not_reversible: 'A reversal cannot be reversed: book the movement again instead.',
  },
  /** Names of what can depend on a row, for 409 details ("users: 3"). */
  dependents: {
    users: 'users',
    companies: 'subsidiary companies',
    locations: 'locations',
    devices: 'devices',
    placements: 'device placements in the history',
    lessors: 'lessors',
    loggers: 'loggers',
    tags: 'tags',
    maintenance: 'maintenance records',
    events: 'telemetry events',
    articles: 'articles',
    repositories: 'repositories',
    movements: 'stock movements',
  },
};

type Messages = typeof en;

const hr: Messages = {
  validation: {
    required: 'Ovo polje je obavezno.',
    email: 'Upišite ispravnu e-mail adresu.',
    oib: 'Upišite ispravan OIB: 11 znamenki s ispravnom kontrolnom znamenkom.',
    imei: 'Upišite ispravan IMEI: 15 znamenki s ispravnom kontrolnom znamenkom.',
    too_short: 'Upišite barem {min} znakova.',
    too_long: 'Upišite najviše {max} znakova.',
    too_few: 'Odaberite barem {min}.',
    too_many: 'Odaberite najviše {max}.',
    min: 'Vrijednost mora biti barem {min}.',
    max: 'Vrijednost smije biti najviše {max}.',
    integer: 'Upišite cijeli broj.',
    number: 'Upišite broj.',
    choice: 'Odaberite jedno od: {values}.',
    boolean: 'Odaberite da ili ne.',
    format: 'Vrijednost nije u ispravnom obliku.',
    iri: 'Ova poveznica nije ispravna.',
    reference: 'Povezani zapis ne postoji.',
    unique: 'Ova vrijednost se već koristi.',
    password: 'Lozinka mora imati od 12 do 200 znakova.',
    password_characters: 'Lozinka ne smije sadržavati kontrolne znakove.',
    password_common: 'Ovu je lozinku prelako pogoditi: često se koristi, procurila je ili joj je slična.',
    password_contains_email: 'Lozinka ne smije sadržavati vašu e-mail adresu.',
    current_password: 'Trenutna lozinka nije ispravna.',
    own_role: 'Ne možete mijenjati vlastitu ulogu, tvrtku, e-mail ni aktivnost.',
    self_parent: 'Tvrtka ne može biti sama sebi nadređena.',
    parent_not_top: 'Nadređena tvrtka mora biti tvrtka najviše razine.',
    parent_cycle: 'Tvrtka ne može biti podređena vlastitoj podređenoj tvrtki.',
    date: 'Upišite ispravan datum.',
    time: 'Upišite vrijeme u obliku HH:mm.',
    end_before_start: 'Kraj ne smije biti prije početka.',
    range_too_long: 'Razdoblje smije obuhvaćati najviše {max} dana.',
    same_start_end: 'Vrijeme otvaranja i zatvaranja moraju se razlikovati.',
    percent: 'Upišite postotak od 0 do 100 s najviše dvije decimale.',
    color: 'Odaberite boju u obliku #RRGGBB.',
    logger_taken: 'Ovaj logger je već ugrađen u drugi uređaj.',
    other_company: 'Ovaj zapis pripada drugoj tvrtki.',
    no_logger: 'Ovaj uređaj nema logger kojem bi se poslala naredba.',
    deposit_verified: 'Ovjereni polog ne može se mijenjati.',
    deposit_not_counted: 'Prije ovjere upišite prebrojane iznose.',
    note_required: 'Razlika je izvan tolerancije: dodajte napomenu.',
    event_too_early: 'Događaj prije 1. 1. 2000. ne prihvaća se: sat loggera nije namješten.',
    seq_conflict: 'Drugi događaj ovog paketa ima redni broj {seq} s drukčijim sadržajem.',
    characters: 'Tekst sadrži znakove koji se ne mogu spremiti (NUL ili pola znaka).',
    net_gross_mismatch: 'Neto i bruto cijena se ne slažu uz ovu stopu PDV-a: pošaljite jednu od njih, druga se izračuna.',
    insufficient_stock: 'Nema dovoljno artikla "{article}" u skladištu {repository}: dostupno {available}, potrebno {requested}.',
    not_prize_device: 'Nagrade se pune samo u uređaje s nagradama.',
    same_repository: 'Odaberite dva različita skladišta.',
    not_for_kind: 'Ovo polje ne vrijedi za kretanje vrste "{kind}".',
    not_zero: 'Upišite količinu različitu od nule.',
    in_future: 'Vrijeme ne smije biti u budućnosti.',
    client_key_reused: 'Ovaj ključ klijenta već je korišten za drugo kretanje.',
    unknown: 'Nepoznato polje ili polje samo za čitanje: {field}.',
    invalid: 'Vrijednost nije ispravna.',
  },
  problem: {
    bad_credentials: 'Neispravni podaci za prijavu.',
    unauthenticated: 'Prijavite se za nastavak.',
    token_expired: 'Vaša sesija je istekla. Prijavite se ponovno.',
    forbidden: 'Nemate ovlasti za ovu radnju.',
    forbidden_field: 'Ovdje ne smijete mijenjati polje "{field}".',
    session_ended: 'Odjavljeni ste. Prijavite se ponovno.',
    module_off: 'Modul "{module}" nije aktivan za vašu tvrtku.',
    not_found: 'Nije pronađeno.',
    route_not_found: 'Ne postoji takva API ruta.',
    unsupported_media_type: 'Ovaj zahtjev traži vrstu sadržaja {expected}.',
    unknown_field: 'Nepoznato polje ili polje samo za čitanje: {field}.',
    malformed: 'Tijelo zahtjeva nije ispravan JSON.',
    too_large: 'Zahtjev je prevelik.',
    bad_query: 'Parametar upita "{param}" nije ispravan.',
    validation: 'Podaci nisu ispravni.',
    too_many_attempts: 'Previše pokušaja prijave. Pokušajte ponovno za {seconds} sekundi.',
    conflict: 'Ovaj zapis se još koristi: {detail}.',
    inactive_account: 'Ovaj račun nije aktivan.',
    bad_logger_credential: 'Vjerodajnica loggera nedostaje ili nije ispravna.',
    imei_mismatch: 'IMEI ne pripada ovoj vjerodajnici.',
    deposit_verified: 'Ovjereni polog ne može se mijenjati.',
    internal: 'Nešto je pošlo po zlu kod nas. Molimo pokušajte kasnije.',
    unknown_param: 'Nepoznat parametar upita "{param}".',
    page_too_deep: 'Brojevi stranica dosežu samo prvih {max} zapisa: dalje listajte kursorom, slijedeći poveznicu view.next.',
    query_timeout: 'Zahtjev je trajao predugo i prekinut je. Suzite ga (filteri, kraće razdoblje) ili pokušajte ponovno.',
    insufficient_stock:
      'Nema dovoljno artikla "{article}" u skladištu {repository}: dostupno {available}, potrebno {requested}. Ništa nije knjiženo.',
    already_reversed: 'Ovo kretanje je već stornirano kretanjem {reversal}.',
    reversal_not_reversible: 'Storno se ne može stornirati: umjesto toga ponovno knjižite kretanje.',
  },
  dependents: {
    users: 'korisnici',
    companies: 'podređene tvrtke',
    locations: 'lokacije',
    devices: 'uređaji',
    placements: 'postavljanja uređaja u povijesti',
    lessors: 'najmodavci',
    loggers: 'loggeri',
    tags: 'oznake',
    maintenance: 'zapisi održavanja',
    events: 'telemetrijski događaji',
    articles: 'artikli',
    repositories: 'skladišta',
    movements: 'kretanja zaliha',
  },
};

export const messages: Record<Language, Messages> = { en, hr };
export type ValidationCode = keyof Messages['validation'];
export type ProblemCode = keyof Messages['problem'];

function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => (params[k] === undefined ? `{${k}}` : String(params[k])));
}

export function validationMessage(lang: Language, code: ValidationCode, params?: Record<string, unknown>): string {
  return interpolate(messages[lang].validation[code], params);
}

export function problemMessage(lang: Language, code: ProblemCode, params?: Record<string, unknown>): string {
  return interpolate(messages[lang].problem[code], params);
}

export type DependentKind = keyof Messages['dependents'];

/** "users: 3, devices: 2" in the given language. */
export function dependentsText(lang: Language, counts: Partial<Record<DependentKind, number>>): string {
  return Object.entries(counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([kind, n]) => `${messages[lang].dependents[kind as DependentKind]}: ${n}`)
    .join(', ');
}

/** Picks 'hr' or 'en' from an Accept-Language header (first match wins; English by default). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'hr' || tag === 'en') return tag;
  }
  return DEFAULT_LANGUAGE;
}
