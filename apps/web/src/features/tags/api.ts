import type { Tag, TagCreate, TagPatch } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagsApi } from '../../lib/resources.ts';

/** Locations and devices show their tags' names and colours, so a tag write refreshes them too. */
function useInvalidateTags() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tagsApi.keys.all }),
      queryClient.invalidateQueries({ queryKey: ['locations'] }),
      queryClient.invalidateQueries({ queryKey: ['devices'] }),
    ]);
}

export function useCreateTag() {
  const invalidate = useInvalidateTags();
  return useMutation({ mutationFn: (body: TagCreate) => tagsApi.create(body), onSuccess: () => invalidate() });
}

export function useUpdateTag(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: (patch: TagPatch) => tagsApi.patch(id, patch),
    onSuccess: (tag: Tag) => {
      queryClient.setQueryData(tagsApi.keys.detail(id), tag);
      return invalidate();
    },
  });
}
