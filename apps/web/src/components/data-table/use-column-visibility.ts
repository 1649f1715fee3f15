import { useState } from 'react';
import { useSession } from '../../lib/session.ts';
import { readStoredJson, writeStored } from '../../lib/storage.ts';
import type { Column } from './types.ts';

/**
 * Where a user's column choice of one list is kept: `kovanica.columns.<userId>.<resource>`.
 *
 * Why in this browser and not on the server: the choice follows the screen (a phone shows fewer
 * columns than the office monitor), and the API keeps no display preferences. Why per user: several
 * people often share one office computer, and one person hiding a column must not hide it for the next.
 */
export function columnStorageKey(userId: number | null, resource: string): string {
  return `kovanica.columns.${userId ?? 'anonymous'}.${resource}`;
}

type Choices = Record<string, boolean>;

function readChoices(key: string): Choices {
  const raw = readStoredJson(key);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
}

/**
 * The columns a user has chosen to see. Only explicit choices are stored, so a column added to the
 * product later shows (or stays hidden, if `defaultHidden`) without anyone's stored choice in the way.
 */
export function useColumnVisibility<T>(columns: readonly Column<T>[], resource: string) {
  const userId = useSession().personalInfo.id;
  const key = columnStorageKey(userId, resource);
  const [state, setState] = useState(() => ({ key, choices: readChoices(key) }));
  // Another user or list (same component, new key): read that one's choices.
  const choices = state.key === key ? state.choices : readChoices(key);

  const isVisible = (column: Column<T>) => choices[column.key] ?? !column.defaultHidden;
  const save = (next: Choices) => {
    writeStored(key, Object.keys(next).length ? JSON.stringify(next) : null);
    setState({ key, choices: next });
  };

  return {
    visibleColumns: columns.filter(isVisible),
    isVisible,
    setVisible: (columnKey: string, visible: boolean) => save({ ...choices, [columnKey]: visible }),
    reset: () => save({}),
  };
}
