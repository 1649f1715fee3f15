import { useCallback, useState } from 'react';
import { readStoredJson, writeStored } from '../../lib/storage.ts';

/** Which of the dashboard's cards the user closed and which they folded (original §4: collapsed, expanded, removed). */
export interface CardState {
  closed: readonly string[];
  collapsed: readonly string[];
}

export const NO_CARD_STATE: CardState = { closed: [], collapsed: [] };

const keysOf = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.filter((k): k is string => typeof k === 'string' && k.length > 0 && k.length <= 40))] : [];

/** A stored card state, anything malformed (an old version, a hand edit) read as nothing closed or folded. */
export function parseCardState(raw: unknown): CardState {
  if (typeof raw !== 'object' || raw === null) return NO_CARD_STATE;
  const { closed, collapsed } = raw as Record<string, unknown>;
  return { closed: keysOf(closed), collapsed: keysOf(collapsed) };
}

/** The state with a card closed; closing forgets that it was folded, so it comes back expanded. */
export function closeCard(state: CardState, key: string): CardState {
  return { closed: [...new Set([...state.closed, key])], collapsed: state.collapsed.filter((k) => k !== key) };
}

/** The state with a card folded (`collapsed`) or unfolded. */
export function foldCard(state: CardState, key: string, collapsed: boolean): CardState {
  const others = state.collapsed.filter((k) => k !== key);
  return { closed: state.closed, collapsed: collapsed ? [...others, key] : others };
}

/** The storage key of a user's dashboard cards: each user on a shared browser keeps their own. */
export const cardStateKey = (userId: number | null) => `dashboard.cards.${userId ?? 'anonymous'}`;

/**
 * The dashboard's closed and folded cards, remembered in the browser (best effort: without storage
 * they last until the page is left). "Show closed cards" brings the closed ones back, as they were.
 */
export function useCardState(storageKey: string) {
  const [state, setState] = useState<CardState>(() => parseCardState(readStoredJson(storageKey)));
  const update = useCallback(
    (change: (prev: CardState) => CardState) =>
      setState((prev) => {
        const next = change(prev);
        writeStored(storageKey, next.closed.length + next.collapsed.length > 0 ? JSON.stringify(next) : null);
        return next;
      }),
    [storageKey],
  );
  return {
    isClosed: (key: string) => state.closed.includes(key),
    isCollapsed: (key: string) => state.collapsed.includes(key),
    anyClosed: state.closed.length > 0,
    close: (key: string) => update((prev) => closeCard(prev, key)),
    fold: (key: string, collapsed: boolean) => update((prev) => foldCard(prev, key, collapsed)),
    restore: () => update((prev) => ({ ...prev, closed: [] })),
  };
}
