import type { Collection } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { collectRows, toExportTable } from './export-rows.ts';
import type { Column } from './types.ts';

function source(total: number, countedUpTo = Number.POSITIVE_INFINITY) {
  const calls: number[] = [];
  const fetchPage = async (page: number, size: number): Promise<Collection<number>> => {
    calls.push(page);
    const start = (page - 1) * size;
    const member = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => start + i);
    const count = total > countedUpTo ? { totalItemsOver: countedUpTo } : { totalItems: total };
    return { '@id': '/x', '@type': 'Collection', member, ...count, view: { '@id': '/x' } };
  };
  return { calls, fetchPage };
}

describe('collectRows', () => {
  it('reads every page of the filtered list', async () => {
    const { calls, fetchPage } = source(450);
    const { rows, total } = await collectRows(fetchPage);
    expect(rows).toHaveLength(450);
    expect(rows[449]).toBe(449);
    expect(total).toBe(450);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('stops at the cap and says how many there were', async () => {
    const { calls, fetchPage } = source(1000);
    const { rows, total } = await collectRows(fetchPage, { pageSize: 200, max: 500 });
    expect(rows).toHaveLength(500);
    expect(total).toBe(1000);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('stops at the cap of a big collection that counted only so far, and says it holds more', async () => {
    const { calls, fetchPage } = source(50_000, 10_000);
    const { rows, total, exact } = await collectRows(fetchPage);
    expect(rows).toHaveLength(10_000);
    expect({ total, exact }).toEqual({ total: 10_000, exact: false });
    expect(calls).toHaveLength(50);
  });

  it('asks once for an empty list', async () => {
    const { calls, fetchPage } = source(0);
    expect((await collectRows(fetchPage)).rows).toEqual([]);
    expect(calls).toEqual([1]);
  });
});

describe('toExportTable', () => {
  it('uses the given columns, their headers and (async) export values', async () => {
    const columns: Column<{ n: number }>[] = [
      { key: 'n', label: 'n', render: (r) => r.n, exportValue: (r) => r.n },
      { key: 'twice', label: 'twice', render: () => null, exportValue: async (r) => `${r.n * 2}` },
    ];
    const table = await toExportTable('Numbers', columns, (c) => c.label.toUpperCase(), [{ n: 1 }, { n: 2 }]);
    expect(table).toEqual({
      name: 'Numbers',
      header: ['N', 'TWICE'],
      rows: [
        [1, '2'],
        [2, '4'],
      ],
    });
  });

  it('writes a column that holds two values on screen as two columns', async () => {
    const columns: Column<{ a: string; b: string | null }>[] = [
      {
        key: 'both',
        label: 'a',
        render: (r) => `${r.a} ${r.b}`,
        exportValue: (r) => r.a,
        exportAlso: [{ label: 'b', exportValue: (r) => r.b }],
      },
    ];
    const table = await toExportTable('Pairs', columns, (c) => c.label, [{ a: 'x', b: null }]);
    expect(table).toEqual({ name: 'Pairs', header: ['a', 'b'], rows: [['x', null]] });
  });
});
