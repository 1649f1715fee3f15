import { describe, expect, it } from 'vitest';
import { indentXml } from './xml.ts';

describe('indentXml', () => {
  it('puts each element on its own line, text-only elements on one', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
      '<tns:RacunOdgovor Id="x"><tns:Zaglavlje><tns:IdPoruke>abc</tns:IdPoruke></tns:Zaglavlje><tns:Jir>j-1</tns:Jir>' +
      '</tns:RacunOdgovor></soap:Body></soap:Envelope>';
    expect(indentXml(xml)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">',
        '  <soap:Body>',
        '    <tns:RacunOdgovor Id="x">',
        '      <tns:Zaglavlje>',
        '        <tns:IdPoruke>abc</tns:IdPoruke>',
        '      </tns:Zaglavlje>',
        '      <tns:Jir>j-1</tns:Jir>',
        '    </tns:RacunOdgovor>',
        '  </soap:Body>',
        '</soap:Envelope>',
      ].join('\n'),
    );
  });

  it('keeps self-closing and empty elements, comments and CDATA as they are', () => {
    const xml = '<a><b/><c></c><!-- a > b --><d><![CDATA[<x> & y]]></d><e x="1 > 0" /></a>';
    expect(indentXml(xml)).toBe(
      ['<a>', '  <b/>', '  <c></c>', '  <!-- a > b -->', '  <d>', '    <![CDATA[<x> & y]]>', '  </d>', '  <e x="1 > 0" />', '</a>'].join(
        '\n',
      ),
    );
  });

  it('drops the whitespace of an already indented document, so indenting twice changes nothing', () => {
    const once = indentXml('<a>\n   <b>1</b>\n\t<c>\n <d>2</d></c>\n</a>\n');
    expect(once).toBe(['<a>', '  <b>1</b>', '  <c>', '    <d>2</d>', '  </c>', '</a>'].join('\n'));
    expect(indentXml(once)).toBe(once);
  });

  it('mixed content and malformed input are kept, not refused', () => {
    expect(indentXml('<p>one <b>two</b> three</p>')).toBe(['<p>', '  one', '  <b>two</b>', '  three', '</p>'].join('\n'));
    expect(indentXml('<a><b>unclosed')).toBe(['<a>', '  <b>', '    unclosed'].join('\n'));
    expect(indentXml('<a><b attr="no end')).toBe(['<a>', '  <b attr="no end'].join('\n'));
    expect(indentXml('')).toBe('');
  });

  it('takes another indent', () => {
    expect(indentXml('<a><b>1</b></a>', '\t')).toBe('<a>\n\t<b>1</b>\n</a>');
  });
});
