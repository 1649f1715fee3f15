import { iri, type TagLabel } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { outer } from '../../db/paging.ts';
import { devices, locations, tags } from '../../db/schema/index.ts';

export const tagExtras = () => ({
  devicesCount: sql<number>`(select count(*) from ${devices} where ${outer(tags.id)} = any(${devices.tagIds}))`.mapWith(Number),
  locationsCount: sql<number>`(select count(*) from ${locations} where ${outer(tags.id)} = any(${locations.tagIds}))`.mapWith(Number),
});

interface TagLabelRow {
  id: number;
  name: string;
  colour: string;
}

/** The tags a device or a location carries (`tagIds`, its `tag_ids`), with name and colour, in that array's order. */
export const tagLabelsOf = (tagIds: PgColumn) =>
  sql<TagLabelRow[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', t.colour)
    order by array_position(${outer(tagIds)}, t.id)), '[]'::json) from ${tags} t where t.id = any(${outer(tagIds)}))`;

export const toTagLabels = (rows: readonly TagLabelRow[]): TagLabel[] =>
  rows.map((row) => ({ '@id': iri('tags', row.id), name: row.name, colour: row.colour }));
