import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportMoney } from './table.ts';
import { columnName, escapeXml, sheetName, toXlsx } from './xlsx.ts';

const table = {
  name: 'Users: all/companies',
  header: ['Name', 'E-mail', 'Amount'],
  rows: [
    ['Ana <Admin> & Co', 'ana@kovanica.test', 12.5],
    ['Ivo', null, -3],
  ],
};

function unzip(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([path, data]) => [path, strFromU8(data)]));
}

describe('toXlsx', () => {
  it('zips the SpreadsheetML parts a workbook needs', () => {
    const parts = unzip(toXlsx(table));
    expect(Object.keys(parts).sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    expect(parts['[Content_Types].xml']).toContain('PartName="/xl/worksheets/sheet1.xml"');
    expect(parts['_rels/.rels']).toContain('Target="xl/workbook.xml"');
    expect(parts['xl/_rels/workbook.xml.rels']).toContain('Target="worksheets/sheet1.xml"');
    expect(parts['xl/workbook.xml']).toContain('<sheet name="Users  all companies" sheetId="1" r:id="rId1"/>');
  });

  it('writes a bold header, text as inline strings and numbers as numeric cells', () => {
    const sheet = unzip(toXlsx(table))['xl/worksheets/sheet1.xml'] ?? '';
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t>Name</t></is></c>');
    expect(sheet).toContain('<c r="C1" s="1" t="inlineStr"><is><t>Amount</t></is></c>');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t>Ana &lt;Admin&gt; &amp; Co</t></is></c>');
    expect(sheet).toContain('<c r="C2"><v>12.5</v></c>');
    expect(sheet).toContain('<c r="C3"><v>-3</v></c>');
    // An empty cell is left out, not written as an empty string.
    expect(sheet).not.toContain('r="B3"');
    expect(sheet).toContain('state="frozen"');
    const styles = unzip(toXlsx(table))['xl/styles.xml'] ?? '';
    expect(styles).toContain('<font><b/>');
  });

  it('writes money as a number shown to the cent', () => {
    const money = { name: 'Deposits', header: ['Coins'], rows: [[exportMoney(3350)], [exportMoney(null)]] };
    const parts = unzip(toXlsx(money));
    expect(parts['xl/worksheets/sheet1.xml']).toContain('<c r="A2" s="2"><v>33.5</v></c>');
    expect(parts['xl/worksheets/sheet1.xml']).not.toContain('r="A3"');
    // Style 2 is format 164: two decimals and the euro sign, as the exports screen's files.
    expect(parts['xl/styles.xml']).toContain('<numFmt numFmtId="164" formatCode="#,##0.00&quot; €&quot;;-#,##0.00&quot; €&quot;"/>');
    expect(parts['xl/styles.xml']).toMatch(
      /<cellXfs count="3">(<xf [^>]*\/>){2}<xf numFmtId="164"[^>]*applyNumberFormat="1"\/><\/cellXfs>/,
    );
  });

  it('the lines of what the file holds on top, an empty row, then the header frozen under them (decision 0042)', () => {
    const about: [string, string][] = [
      ['Company', 'Zabavni d.o.o., OIB 12345678903'],
      ['Report', 'Users'],
    ];
    const sheet = unzip(toXlsx({ ...table, about }))['xl/worksheets/sheet1.xml'] ?? '';
    expect(sheet).toContain(
      '<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>Company</t></is></c><c r="B1" t="inlineStr"><is><t>Zabavni d.o.o., OIB 12345678903</t></is></c></row>',
    );
    expect(sheet).toContain('<row r="4"><c r="A4" s="1" t="inlineStr"><is><t>Name</t></is></c>');
    expect(sheet).toContain('<row r="5"><c r="A5" t="inlineStr"><is><t>Ana &lt;Admin&gt; &amp; Co</t></is></c>');
    expect(sheet).toContain('<pane ySplit="4" topLeftCell="A5" activePane="bottomLeft" state="frozen"/>');
  });

  it('starts with the zip signature', () => {
    expect([...toXlsx(table).slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });
});

describe('helpers', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('escapes XML and drops characters XML cannot hold', () => {
    expect(escapeXml('a "b" <c> & d\u0001')).toBe('a &quot;b&quot; &lt;c&gt; &amp; d');
  });

  it('keeps sheet names within Excel rules', () => {
    expect(sheetName('a'.repeat(40))).toHaveLength(31);
    expect(sheetName('[x]')).toBe('x');
    expect(sheetName('')).toBe('Sheet1');
  });
});
