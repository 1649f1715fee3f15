import { describe, expect, it } from 'vitest';
import { describedCollection, describeFields, fieldTexts } from './fields.ts';
import { devicesCollection } from './resources/devices.ts';

describe('a resource’s fields described once', () => {
  const description = describeFields(
    'widgets',
    {
      name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', column: { sort: true }, filter: 'partial' },
      size: { label: { en: 'Size', hr: 'Veličina' }, kind: 'words', words: 'sizes', column: {}, filter: 'exact' },
      madeAt: { label: { en: 'Made', hr: 'Napravljen' }, kind: 'instant', column: { sort: true } },
    },
    { sizes: { s: { en: 'Small', hr: 'Mali' } } },
  );

  it('give the web its texts in each language', () => {
    expect(fieldTexts([description], 'hr')).toEqual({
      resources: { widgets: { fields: { name: 'Naziv', size: 'Veličina', madeAt: 'Napravljen' }, sizes: { s: 'Mali' } } },
    });
  });

  it('give the collection its filters and orders', () => {
    expect(describedCollection(description, { name: 'asc' })).toEqual({
      filters: { name: 'partial', size: 'exact' },
      order: ['id', 'name', 'madeAt'],
      defaultOrder: { name: 'asc' },
    });
    expect(devicesCollection.order).toEqual(['id', 'name', 'group', 'playPriceCents', 'createdAt']);
  });

  it('refuse a field of words that names no set of words', () => {
    expect(() => describeFields('widgets', { size: { label: { en: 'Size', hr: 'Veličina' }, kind: 'words', words: 'sizes' } })).toThrow(
      /names one of the resource's sets of words/,
    );
  });
});
