import type { Lessor, LessorCreate, LessorPatch } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lessorsApi } from '../../lib/resources.ts';

/** A location's rental terms fall back to its lessor's, so a lessor write refreshes locations too. */
function useInvalidateLessors() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: lessorsApi.keys.all }),
      queryClient.invalidateQueries({ queryKey: ['locations'] }),
    ]);
}

export function useCreateLessor() {
  const invalidate = useInvalidateLessors();
  return useMutation({ mutationFn: (body: LessorCreate) => lessorsApi.create(body), onSuccess: () => invalidate() });
}

export function useUpdateLessor(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLessors();
  return useMutation({
    mutationFn: (patch: LessorPatch) => lessorsApi.patch(id, patch),
    onSuccess: (lessor: Lessor) => {
      queryClient.setQueryData(lessorsApi.keys.detail(id), lessor);
      return invalidate();
    },
  });
}
