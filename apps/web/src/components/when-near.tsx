import { useIntersection } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** How far below (or above) the screen something starts rendering: a short scroll ahead of the user. */
const AHEAD = '300px';

/**
 * Renders its children once they come near the screen, and keeps them from then on; until then a
 * plain box of their height holds their place (no skeleton: nothing is loading yet). For heavy parts
 * far down a page (the dashboard's charts): on a phone they are not rendered while the page loads,
 * where their render was a long task (decision 0016). Without IntersectionObserver it renders at once.
 */
export function WhenNear({ height, children }: { height: number; children: ReactNode }) {
  const observable = typeof IntersectionObserver !== 'undefined';
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: AHEAD });
  const [near, setNear] = useState(!observable);
  useEffect(() => {
    if (entry?.isIntersecting) setNear(true);
  }, [entry]);
  // A print renders it too: at once, as the browser lays the page out for paper when the handlers return.
  useEffect(() => {
    if (near) return;
    const print = () => flushSync(() => setNear(true));
    window.addEventListener('beforeprint', print);
    return () => window.removeEventListener('beforeprint', print);
  }, [near]);
  if (near) return children;
  return <div ref={ref} style={{ height }} data-when-near="" />;
}
