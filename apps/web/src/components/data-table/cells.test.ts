import { contrastRatio } from '@kovanica/contract';
import { Badge, type BadgeProps, DEFAULT_THEME, MantineProvider, Table } from '@mantine/core';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BADGE_COLOURS, below, CellBadge, type CellBadgeProps, code, flagged, shortCode, Td, Th, wrapName } from './cells.tsx';

/** A table body's markup, its attributes in one order (React writes `style` where the props put it). */
function markup(row: ReactNode): string {
  const html = renderToStaticMarkup(h(MantineProvider, null, h(Table, { striped: true }, h(Table.Tbody, null, h(Table.Tr, null, row)))));
  const table = html.slice(html.indexOf('<table'));
  return table.replace(/<(td|th)([^>]*)>/g, (_, tag: string, attributes: string) => {
    const sorted = [...attributes.matchAll(/ ([\w-]+)="([^"]*)"/g)].map(([, name, value]) => `${name}="${value}"`).sort();
    return `<${tag} ${sorted.join(' ')}>`;
  });
}

describe('the plain table cells', () => {
  it("write the markup of Mantine's Table.Td and Table.Th", () => {
    const cases: [ReactNode, ReactNode][] = [
      [h(Table.Td, null, 'a'), h(Td, null, 'a')],
      [h(Table.Td, { ta: 'right', className: 'figure' }, '1,00 €'), h(Td, { ta: 'right', className: 'figure' }, '1,00 €')],
      [h(Table.Td, { colSpan: 3, ta: 'center' }, 'b'), h(Td, { colSpan: 3, ta: 'center' }, 'b')],
      [h(Table.Th, { scope: 'row', ta: 'left', className: 'name' }, 'c'), h(Th, { scope: 'row', ta: 'left', className: 'name' }, 'c')],
      [h(Table.Th, { scope: 'col', 'aria-sort': 'none' }, 'd'), h(Th, { scope: 'col', 'aria-sort': 'none' }, 'd')],
    ];
    for (const [mantine, plain] of cases) {
      const expected = markup(mantine);
      expect(expected).toMatch(/class="m_\w+ mantine-Table-t[dh]/);
      expect(markup(plain)).toBe(expected);
    }
  });
});

describe('the cell helpers', () => {
  const html = (node: ReactNode) => renderToStaticMarkup(h('div', null, node));
  it('flag a figure only where asked: one span, its class the flagged one or the plain one', () => {
    const classOf = (markup: string) => /^<div><span class="([^" ]+)">[^<]*<\/span><\/div>$/.exec(markup)?.[1];
    const on = classOf(html(flagged('-8,50 €', true)));
    const off = classOf(html(flagged('8,50 €', false)));
    expect(on).toBeDefined();
    expect(off).toBeDefined();
    expect(on).not.toBe(off);
  });

  it('write a code, or the dash of an empty cell', () => {
    expect(html(code('s006'))).toMatch(/<span class="[^"]+">s006<\/span>/);
    expect(html(code(null))).toContain('–');
  });

  it('shorten a long code to its first eight characters, the whole code its title; a short one stays whole', () => {
    const jir = '52f5f817-a645-42a6-b44e-0c9d3a1e5f21';
    expect(html(shortCode(jir))).toMatch(new RegExp(`<span class="[^"]+" title="${jir}">52f5f817…</span>`));
    expect(html(shortCode('s006'))).toMatch(/<span class="[^"]+" title="s006">s006<\/span>/);
    expect(html(shortCode(null))).toContain('–');
  });

  it('put a second line under the content, red where flagged', () => {
    expect(html(below('Ivan Knežević'))).not.toBe(html(below('Ivan Knežević', true)));
  });
});

describe('the plain badge', () => {
  /** A badge's markup: its root a `span`, the root's attributes and its style's declarations in one order. */
  function badge(node: ReactNode): string {
    const html = renderToStaticMarkup(h(MantineProvider, null, node));
    const root = html.slice(html.search(/<(div|span) [^>]*mantine-Badge-root/));
    return root
      .replace(/^<div/, '<span')
      .replace(/<\/div>$/, '</span>')
      .replace(/^<span([^>]*)>/, (_, attributes: string) => {
        const sorted = [...attributes.matchAll(/ ([\w-]+)="([^"]*)"/g)]
          .map(([, name, value]) => `${name}="${name === 'style' ? (value ?? '').split(';').sort().join(';') : value}"`)
          .sort();
        return `<span ${sorted.join(' ')}>`;
      });
  }

  // Badge is polymorphic and CellBadge's children are required: createElement is told their props.
  const mantine = (props: BadgeProps, text: string) => h(Badge as (p: BadgeProps) => ReactNode, { ...props, tt: 'none' }, text);
  const plain = (props: Omit<CellBadgeProps, 'children'>, text: string) =>
    h(CellBadge as (p: Omit<CellBadgeProps, 'children'>) => ReactNode, props, text);

  it("writes the markup of Mantine's Badge for each colour, variant and size the lists use", () => {
    const cases: [ReactNode, ReactNode][] = [
      [mantine({ color: 'teal.9' }, 'Fiscalized'), plain({ color: 'teal.9' }, 'Fiscalized')],
      [mantine({ color: 'yellow.4', autoContrast: true }, 'Problematic'), plain({ color: 'yellow.4' }, 'Problematic')],
      [mantine({ color: 'red.9', size: 'sm' }, 'Ending soon'), plain({ color: 'red.9', size: 'sm' }, 'Ending soon')],
      [mantine({ color: 'grape.9', variant: 'outline' }, 'Storno'), plain({ color: 'grape.9', variant: 'outline' }, 'Storno')],
      [mantine({ color: 'teal.9', variant: 'dot' }, 'Online'), plain({ color: 'teal.9', variant: 'dot' }, 'Online')],
      [
        mantine({ color: 'indigo.8', variant: 'outline', size: 'xs' }, 'Lessor'),
        plain({ color: 'indigo.8', variant: 'outline', size: 'xs' }, 'Lessor'),
      ],
    ];
    for (const [mantine, plain] of cases) {
      const expected = badge(mantine);
      expect(expected).toMatch(/^<span class="m_\w+ (m_\w+ )?mantine-Badge-root"/);
      // Mantine's plus the two declarations that keep a CellBadge whole in a squeezed column.
      const own = badge(plain);
      expect(own).toContain('flex-shrink:0');
      expect(own).toContain('min-width:max-content');
      expect(own.replace(';flex-shrink:0', '').replace(';min-width:max-content', '')).toBe(expected);
    }
  });

  it('names only colours whose words reach WCAG AA contrast (4.5:1)', () => {
    const hex = (colour: string) => {
      const [name = '', shade] = colour.split('.');
      const value = DEFAULT_THEME.colors[name]?.[Number(shade)];
      if (!value) throw new Error(`no colour ${colour}`);
      return value;
    };
    const below45 = BADGE_COLOURS.flatMap((colour) => {
      const light = Number(colour.split('.')[1]) <= 4;
      // Filled: black words on the light shades, white on the rest (as CellBadge writes them).
      const filled = contrastRatio(light ? '#000000' : '#ffffff', hex(colour)) ?? 0;
      // Outline: the colour's own words on the page (white); light shades are not for outline.
      const outline = light ? Number.POSITIVE_INFINITY : (contrastRatio(hex(colour), '#ffffff') ?? 0);
      return Math.min(filled, outline) >= 4.5 ? [] : [`${colour} ${Math.min(filled, outline).toFixed(2)}`];
    });
    expect(below45).toEqual([]);
    // The rule tells the colours apart: white on orange.9 (a contract ending soon, once) fails it.
    expect(contrastRatio('#ffffff', hex('orange.9'))).toBeLessThan(4.5);
  });
});

describe('wrapName', () => {
  it('keeps a short last word with the word before it, and leaves other names as they are', () => {
    expect(wrapName('Kapsule 1')).toBe('Kapsule\u00a01');
    expect(wrapName('Automat za slatkiše 12')).toBe('Automat za slatkiše\u00a012');
    expect(wrapName('Zabavni park Adria')).toBe('Zabavni park Adria');
    expect(wrapName('Dizalica')).toBe('Dizalica');
  });
});
