import { type Permission, SEARCH_MIN_LENGTH, type SearchKind, type SearchResult, searchAnswer, searchKinds } from '@kovanica/contract';
import { ActionIcon, CloseButton, Combobox, Loader, Modal, Text, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditPath } from '../../components/list-actions.tsx';
import { useAccess } from '../../lib/access.ts';
import { apiRequest } from '../../lib/api.ts';
import { useMinWidth, usePhone } from '../../lib/screen.ts';
import classes from './quick-search.module.css';

/** Original §9: typing counts as paused once no key has been pressed for 200 ms… */
export const SEARCH_TYPING_DELAY_MS = 200;
/** …and the search then waits 1 s more before it asks the server. */
export const SEARCH_REQUEST_PAUSE_MS = 1000;
/**
 * The two run one after the other, so a request leaves 1.2 s after the last keystroke. A keystroke
 * within that time starts the wait again, and one after it aborts the request under way: only the
 * text the user stopped at is ever answered.
 */
export const SEARCH_DELAY_MS = SEARCH_TYPING_DELAY_MS + SEARCH_REQUEST_PAUSE_MS;

/** Where a result opens (its edit page; a bill's own page), and who may open it; a result the role cannot open is listed but not offered. */
const targets: Record<SearchKind, { to: EditPath | '/bills/$id'; permission: Permission }> = {
  device: { to: '/devices/edit/$id', permission: 'devices.update' },
  logger: { to: '/loggers/edit/$id', permission: 'loggers.update' },
  location: { to: '/locations/edit/$id', permission: 'locations.update' },
  lessor: { to: '/lessors/edit/$id', permission: 'lessors.update' },
  user: { to: '/users/edit/$id', permission: 'users.update' },
  bill: { to: '/bills/$id', permission: 'bills.read' },
  article: { to: '/articles/items/edit/$id', permission: 'articles.update' },
  repository: { to: '/articles/repositories/edit/$id', permission: 'repositories.update' },
  tag: { to: '/tags/edit/$id', permission: 'tags.update' },
  'loyalty-card': { to: '/loyalty/cards/edit/$id', permission: 'loyalty-cards.update' },
};

type SearchState = { status: 'idle' } | { status: 'done'; q: string; results: SearchResult[] } | { status: 'failed'; q: string };

/**
 * The quick search of a text: nothing under 2 characters (the API refuses them), otherwise the
 * results for the text the user paused at. `pending` is true while a search waits or runs; the last
 * answer stays until the next one, so the dropdown does not flicker while typing.
 */
export function useQuickSearch(text: string): { state: SearchState; pending: boolean } {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const q = text.trim();
    if (q.length < SEARCH_MIN_LENGTH) {
      setState({ status: 'idle' });
      setPending(false);
      return;
    }
    setPending(true);
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiRequest('/search', { query: { q }, schema: searchAnswer, signal: controller.signal }).then(
        (answer) => {
          setState({ status: 'done', q, results: answer.results });
          setPending(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setState({ status: 'failed', q });
          setPending(false);
        },
      );
    }, SEARCH_DELAY_MS);
    // The next keystroke: the wait starts again and a request already sent is abandoned.
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return { state, pending };
}

/** In the header the list is wider than the input, so titles and details fit on their lines. */
const DROPDOWN_WIDTH = 360;

const optionValue = (r: SearchResult) => `${r.kind}:${r.id}`;

interface QuickSearchProps {
  /** In the phone's dialog: focused at once, as wide as the dialog, and closing it when a result opens. */
  inDialog?: boolean;
  /** Called after a result was opened. */
  onOpened?: () => void;
}

/**
 * The layout's quick search (original §5, §8, §9): a combobox whose listbox holds the results grouped
 * by kind. Results arrive as JSON and are rendered as text; arrow keys move through them, Enter opens
 * the item's edit page and Escape closes the list.
 */
export function QuickSearch({ inDialog = false, onOpened }: QuickSearchProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { state, pending } = useQuickSearch(text);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const input = useRef<HTMLInputElement>(null);

  // An answer opens the list while the user is still in the input (not once they have moved on, nor
  // under 2 characters); a new answer starts the keyboard selection again from the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new answer only; the store is stable in use
  useEffect(() => {
    combobox.resetSelectedOption();
    if (state.status !== 'idle' && document.activeElement === input.current) combobox.openDropdown();
    else combobox.closeDropdown();
  }, [state]);

  const open = (value: string) => {
    const [kind, id] = value.split(':') as [SearchKind, string];
    const target = targets[kind];
    if (!target || !can(target.permission)) return;
    combobox.closeDropdown();
    onOpened?.();
    void navigate({ to: target.to, params: { id } });
  };

  const results = state.status === 'done' ? state.results : [];
  const groups = searchKinds.map((kind) => ({ kind, items: results.filter((r) => r.kind === kind) })).filter((g) => g.items.length > 0);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={open}
      position="bottom-end"
      width={inDialog ? 'target' : DROPDOWN_WIDTH}
      shadow="md"
      zIndex={400}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={input}
          type="search"
          aria-label={t('search.label')}
          aria-autocomplete="list"
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            pending ? (
              <Loader size={14} aria-label={t('search.searching')} />
            ) : text ? (
              <CloseButton size="sm" aria-label={t('search.clear')} onMouseDown={(e) => e.preventDefault()} onClick={() => setText('')} />
            ) : null
          }
          value={text}
          maxLength={100}
          // The dialog's focus trap puts the focus here rather than on its close button.
          data-autofocus={inDialog || undefined}
          onChange={(e) => setText(e.currentTarget.value)}
          onFocus={() => {
            if (state.status !== 'idle') combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          classNames={{ input: classes.input }}
        />
      </Combobox.Target>
      <VisuallyHidden role="status">{state.status === 'done' ? t('search.found', { count: results.length }) : ''}</VisuallyHidden>

      <Combobox.Dropdown>
        {state.status === 'failed' && (
          <Text role="alert" size="sm" c="red.9" p="xs">
            {t('search.failed')}
          </Text>
        )}
        {state.status === 'done' && results.length === 0 && (
          <Text size="sm" c="dimmed" p="xs">
            {t('search.empty')}
          </Text>
        )}
        <Combobox.Options aria-label={t('search.results')} mah={420} className={classes.options}>
          {groups.map((group) => (
            <Combobox.Group key={group.kind} label={t(`search.kinds.${group.kind}`)}>
              {group.items.map((item) => {
                const openable = can(targets[item.kind].permission);
                return (
                  <Combobox.Option
                    key={optionValue(item)}
                    value={optionValue(item)}
                    disabled={!openable}
                    className={classes.option}
                    data-readonly={!openable || undefined}
                  >
                    <Text size="sm" fw={600} className={classes.title}>
                      {item.title}
                    </Text>
                    {item.detail && (
                      <Text size="xs" className={classes.detail}>
                        {item.detail}
                      </Text>
                    )}
                  </Combobox.Option>
                );
              })}
            </Combobox.Group>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/**
 * On phones the search opens from an icon in the top bar, as a dialog (full-screen on a phone), so the
 * bar keeps its size. `onDark` for the dark mobile top bar.
 */
export function QuickSearchButton({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const phone = usePhone();
  return (
    <>
      <ActionIcon
        variant="subtle"
        color={onDark ? 'gray.0' : 'dark'}
        size="lg"
        aria-label={t('search.open')}
        aria-haspopup="dialog"
        onClick={() => setOpened(true)}
      >
        <IconSearch size={22} aria-hidden />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('search.label')}
        fullScreen={phone}
        yOffset="8vh"
        closeButtonProps={{ 'aria-label': t('search.close') }}
      >
        <QuickSearch inDialog onOpened={() => setOpened(false)} />
      </Modal>
    </>
  );
}

/**
 * The search in the header of large screens: the input where there is room (75em and wider; below,
 * the header menu leaves none), else the icon and dialog.
 */
export function HeaderQuickSearch() {
  const roomy = useMinWidth('lg');
  return roomy ? (
    <div className={classes.header}>
      <QuickSearch />
    </div>
  ) : (
    <QuickSearchButton />
  );
}
