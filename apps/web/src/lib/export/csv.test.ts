import { describe, expect, it } from 'vitest';
import { BOM, csvField, toCsv } from './csv.ts';
import { exportMoney } from './table.ts';

describe('csvField', () => {
  it('leaves plain text alone and empties null', () => {
    expect(csvField('Ana Horvat')).toBe('Ana Horvat');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes fields with the separator, quotes or line breaks (RFC 4180)', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    // A comma is not the separator, so it needs no quotes.
    expect(csvField('Zagreb, Ilica 1')).toBe('Zagreb, Ilica 1');
  });

  it('writes numbers with a decimal comma and no grouping', () => {
    expect(csvField(1234.5)).toBe('1234,5');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(0)).toBe('0');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('writes money to the cent, as the exports screen does', () => {
    expect(csvField(exportMoney(3350))).toBe('33,50');
    expect(csvField(exportMoney(123_456))).toBe('1234,56');
    expect(csvField(exportMoney(-5))).toBe('-0,05');
    expect(csvField(exportMoney(0))).toBe('0,00');
    expect(csvField(exportMoney(null))).toBe('');
  });

  it('neutralises text Excel would run as a formula', () => {
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('+385 91 000 0000')).toBe("'+385 91 000 0000");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('=a;b')).toBe(`"'=a;b"`);
  });

  it('keeps letters outside ASCII as they are', () => {
    expect(csvField('Kovačić Žana')).toBe('Kovačić Žana');
  });
});

describe('toCsv', () => {
  it('starts with a BOM, separates by ; and ends lines with CRLF', () => {
    const csv = toCsv({
      header: ['Name', 'Note', 'Amount'],
      rows: [
        ['Ana', 'x;y', 12.5],
        ['Ivo', null, 3],
      ],
    });
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1)).toBe('Name;Note;Amount\r\nAna;"x;y";12,5\r\nIvo;;3\r\n');
  });

  it('writes the lines of what the file holds, an empty line, then the header (decision 0042)', () => {
    const csv = toCsv({
      about: [
        ['Company', 'Zabavni d.o.o., OIB 12345678903'],
        ['Filters', 'Location: Riva; caffe bar'],
      ],
      header: ['Name'],
      rows: [['Ana']],
    });
    expect(csv.slice(1)).toBe('Company;Zabavni d.o.o., OIB 12345678903\r\nFilters;"Location: Riva; caffe bar"\r\n\r\nName\r\nAna\r\n');
  });

  it('encodes as UTF-8 with the BOM bytes first', () => {
    const bytes = new TextEncoder().encode(toCsv({ header: ['č'], rows: [] }));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
