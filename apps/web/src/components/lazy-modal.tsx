import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A modal whose code loads at its first opening, not with the page that offers it (decision 0016,
 * 2026-11-29): a list's "new movement" or "report the count" form brought the form kit, the number
 * and date inputs and the schemas into the list's first paint. Nothing is drawn until it is first
 * opened; from then it stays mounted, so it closes (and opens again) with its own transition.
 */
export function lazyModal<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Modal = lazy(() => load().then((component) => ({ default: component })));
  return function LazyModal(props: P) {
    const [wanted, setWanted] = useState(false);
    if (!wanted && isOpen(props)) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    ) : null;
  };
}
