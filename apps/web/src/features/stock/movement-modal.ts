import { lazyModal } from '../../components/lazy-modal.tsx';

/**
 * The stock movement's modal as the lists offer it: its form loads when it is first opened (a list's
 * first paint without the form kit). The articles' and the repositories' lists share it.
 */
export const MovementModal = lazyModal(
  () => import('./movement-form.tsx').then((m) => m.MovementModal),
  (p) => p.opened,
);
