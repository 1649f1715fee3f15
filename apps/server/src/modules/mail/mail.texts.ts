import { formatCount, formatDate, formatDateTime, formatMoney, type Language } from '@kovanica/contract';

/**
 * The e-mails' words in both languages (docs/rules.md "Units, formats and languages": every e-mail exists in English and Croatian) and
 * one layout that renders a mail as plain text and as HTML. Every value is escaped in the HTML.
 */

/** A mail before rendering: a heading, paragraphs and tables (each a caption, a head and rows). */
export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  tables: { caption: string; head: string[]; rows: string[][]; empty?: string }[];
  footer: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Plain text and HTML of one mail, the same content in both. */
export function render(content: MailContent): { subject: string; text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...content.tables.flatMap((t) => [
      `${t.caption}:`,
      ...(t.rows.length === 0
        ? [`  ${t.empty ?? '-'}`]
        : t.rows.map((row) => `  - ${row.map((cell, i) => (i === 0 ? cell : `${t.head[i]}: ${cell}`)).join(', ')}`)),
      '',
    ]),
    '--',
    content.footer,
  ].join('\n');
  const cell = 'style="border:1px solid #ccc;padding:4px 8px;text-align:left"';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">',
    `<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...content.tables.map((t) =>
      t.rows.length === 0
        ? `<h2 style="font-size:16px">${escapeHtml(t.caption)}</h2><p>${escapeHtml(t.empty ?? '-')}</p>`
        : [
            `<h2 style="font-size:16px">${escapeHtml(t.caption)}</h2>`,
            '<table style="border-collapse:collapse">',
            `<thead><tr>${t.head.map((h) => `<th ${cell}>${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
            `<tbody>${t.rows.map((row) => `<tr>${row.map((c) => `<td ${cell}>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')}</tbody>`,
            '</table>',
          ].join(''),
    ),
    `<p style="color:#555;font-size:12px">${escapeHtml(content.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: content.subject, text, html };
}

const words = {
  en: {
    footer: (company: string) =>
      `Kovanica for ${company}: you receive this because the address is among the company's notification e-mails.`,
    device: 'Device',
    location: 'Location',
    none: 'None.',
    daily: {
      subject: (day: string) => `Daily report for ${day}`,
      heading: (company: string, day: string) => `${company}: daily report for ${day}`,
      revenue: (cents: number, plays: number) => `Revenue: ${formatMoney(cents)} from ${formatCount(plays)} plays.`,
      parts: (coins: number, notes: number, cashless: number, tokens: number) =>
        `Coins ${formatMoney(coins)}, notes ${formatMoney(notes)}, cashless ${formatMoney(cashless)}, tokens ${formatMoney(tokens)}.`,
      top: 'Top devices',
      bottom: 'Bottom devices',
      revenueColumn: 'Revenue',
      alarms: 'Alarms',
      alarm: 'Alarm',
      critical: (code: string | null) => `Critical${code ? ` (${code})` : ''}`,
      offline: (since: string | null) => (since ? `Offline since ${since}` : 'Never reported'),
      unverified: (count: number, cents: number) => `Unverified deposits: ${formatCount(count)} (${formatMoney(cents)}).`,
      unfiscalized: (count: number, overdue: number) =>
        `Bills without a JIR: ${formatCount(count)}, of them ${formatCount(overdue)} older than 24 hours.`,
    },
    deposit: {
      subject: (device: string) => `Deposit recorded: ${device}`,
      heading: (device: string) => `A deposit was recorded for ${device}`,
      body: (at: string, by: string | null) => `Emptied on ${at}${by ? `, recorded by ${by}` : ''}.`,
      what: 'Amounts',
      head: ['', 'Reported', 'Deposit', 'Difference'],
      coins: 'Coins',
      tokens: 'Tokens',
    },
    emptied: {
      subject: (device: string) => `Cash box emptied: ${device}`,
      heading: (device: string) => `The cash box of ${device} was emptied`,
      body: (at: string, location: string | null, cents: number, tokens: number) =>
        `On ${at}${location ? ` at ${location}` : ''}. The device counted ${formatMoney(cents)} and ${formatCount(tokens)} tokens.`,
    },
    unverified: {
      subject: (count: number) => `Reminder: ${formatCount(count)} deposits await verification`,
      heading: (count: number) => `${formatCount(count)} deposits older than a day are not verified`,
      body: 'A manager or accountant verifies them under Deposits.',
      list: 'Deposits',
      head: ['Device', 'Emptied', 'Deposited'],
      notCounted: 'not counted yet',
    },
    fiscal: {
      subject: (count: number) => `Fiscal alarm: ${formatCount(count)} bills without a JIR after 24 hours`,
      heading: (count: number) => `${formatCount(count)} bills still have no JIR 24 hours after issue`,
      body: 'A bill must be fiscalized within two days of issue. Send them again under Bills → Unfiscalized, and check the fiscal settings.',
      more: (count: number) => `…and ${formatCount(count)} more.`,
      list: 'Bills',
      head: ['Number', 'Issued', 'Amount', 'Limit', 'Last error'],
    },
  },
  hr: {
    footer: (company: string) => `Kovanica za ${company}: ovu poruku primate jer je adresa među e-mail adresama za obavijesti tvrtke.`,
    device: 'Uređaj',
    location: 'Lokacija',
    none: 'Nema.',
    daily: {
      subject: (day: string) => `Dnevni izvještaj za ${day}`,
      heading: (company: string, day: string) => `${company}: dnevni izvještaj za ${day}`,
      revenue: (cents: number, plays: number) => `Prihod: ${formatMoney(cents)} od ${formatCount(plays)} igara.`,
      parts: (coins: number, notes: number, cashless: number, tokens: number) =>
        `Kovanice ${formatMoney(coins)}, novčanice ${formatMoney(notes)}, bezgotovinski ${formatMoney(cashless)}, žetoni ${formatMoney(tokens)}.`,
      top: 'Najbolji uređaji',
      bottom: 'Najslabiji uređaji',
      revenueColumn: 'Prihod',
      alarms: 'Alarmi',
      alarm: 'Alarm',
      critical: (code: string | null) => `Kritično${code ? ` (${code})` : ''}`,
      offline: (since: string | null) => (since ? `Izvan mreže od ${since}` : 'Nikad se nije javio'),
      unverified: (count: number, cents: number) => `Neovjereni polozi: ${formatCount(count)} (${formatMoney(cents)}).`,
      unfiscalized: (count: number, overdue: number) =>
        `Računi bez JIR-a: ${formatCount(count)}, od toga ${formatCount(overdue)} stariji od 24 sata.`,
    },
    deposit: {
      subject: (device: string) => `Polog evidentiran: ${device}`,
      heading: (device: string) => `Evidentiran je polog za ${device}`,
      body: (at: string, by: string | null) => `Pražnjenje ${at}${by ? `, evidentirao/la ${by}` : ''}.`,
      what: 'Iznosi',
      head: ['', 'Prijavljeno', 'Položeno', 'Razlika'],
      coins: 'Kovanice',
      tokens: 'Žetoni',
    },
    emptied: {
      subject: (device: string) => `Blagajna ispražnjena: ${device}`,
      heading: (device: string) => `Blagajna uređaja ${device} je ispražnjena`,
      body: (at: string, location: string | null, cents: number, tokens: number) =>
        `${at}${location ? `, ${location}` : ''}. Uređaj je izbrojao ${formatMoney(cents)} i ${formatCount(tokens)} žetona.`,
    },
    unverified: {
      subject: (count: number) => `Podsjetnik: ${formatCount(count)} pologa čeka ovjeru`,
      heading: (count: number) => `${formatCount(count)} pologa starijih od jednog dana nije ovjereno`,
      body: 'Ovjerava ih voditelj ili računovođa pod Polozi.',
      list: 'Polozi',
      head: ['Uređaj', 'Pražnjenje', 'Položeno'],
      notCounted: 'još nije izbrojano',
    },
    fiscal: {
      subject: (count: number) => `Fiskalni alarm: ${formatCount(count)} računa bez JIR-a nakon 24 sata`,
      heading: (count: number) => `${formatCount(count)} računa nema JIR ni 24 sata nakon izdavanja`,
      body: 'Račun se mora fiskalizirati u roku od dva dana od izdavanja. Pošaljite ih ponovno pod Računi → Nefiskalizirani i provjerite fiskalne postavke.',
      more: (count: number) => `…i još ${formatCount(count)}.`,
      list: 'Računi',
      head: ['Broj', 'Izdan', 'Iznos', 'Rok', 'Zadnja greška'],
    },
  },
} satisfies Record<Language, unknown>;

/** The words of a language. */
export const mailWords = (language: Language) => words[language];
export { formatCount, formatDate, formatDateTime, formatMoney };
