import { describeFields } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { importColumnOfField, storedCells } from './imports.cells.ts';

describe("a row's stored fields read by their kinds", () => {
  const description = describeFields('widgets', {
    name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', stored: true, import: {} },
    priceCents: { label: { en: 'Price', hr: 'Cijena' }, kind: 'money', stored: true, import: {} },
    weight: { label: { en: 'Weight', hr: 'Težina' }, kind: 'decimal', stored: true, import: {} },
    pieces: { label: { en: 'Pieces', hr: 'Komada' }, kind: 'count', stored: true, import: {} },
    sold: { label: { en: 'Sold', hr: 'Prodano' }, kind: 'flag', stored: true, import: {} },
    // Not stored (a reference by name) or a word of a set: the import kind's own mapping reads them.
    maker: { label: { en: 'Maker', hr: 'Proizvođač' }, kind: 'text', import: {} },
  });
  const read = storedCells(description);

  it('text as it is, euros as cents, numbers, yes or no; an empty cell gives nothing', () => {
    expect(read({ name: 'Widget', price: '1,20', weight: '0,5', pieces: '3', sold: 'da', maker: 'Acme' })).toEqual({
      name: 'Widget',
      priceCents: 120,
      weight: 0.5,
      pieces: 3,
      sold: true,
    });
    expect(read({ name: '', price: '', pieces: '' })).toEqual({});
  });

  it('what it cannot read is passed on as text, for the schema to refuse with the form’s message', () => {
    expect(read({ price: 'free', pieces: '2,5', sold: 'maybe' })).toEqual({ priceCents: 'free', pieces: '2,5', sold: 'maybe' });
  });

  it("names each field's column for the schema's errors", () => {
    expect(importColumnOfField(description)).toMatchObject({ priceCents: 'price', name: 'name' });
  });
});
