import { parseIri } from '@kovanica/contract';
import { Group, Skeleton } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { TagBadge } from '../../components/tag-badge.tsx';
import { tagsApi } from '../../lib/apis/tags.ts';

/** A location's tags as coloured badges; each tag is read once from the cache, whatever the number of rows. */
export function LocationTags({ tags }: { tags: readonly string[] }) {
  const details = useQueries({
    queries: tags.flatMap((iri) => {
      const id = parseIri('tags', iri);
      return id === null ? [] : [tagsApi.detail(id)];
    }),
  });
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      {details.map((d, i) =>
        d.data ? (
          <TagBadge key={d.data['@id']} name={d.data.name} colour={d.data.colour} size="sm" />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tag still loading has nothing else to key by
          <Skeleton key={i} height={18} width={48} radius="sm" />
        ),
      )}
    </Group>
  );
}
