import { ActionIcon, Card, Collapse, Group, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronDown, IconX } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './portlet.module.css';

/** Original §9: a card folds or unfolds in 400 ms. */
export const CARD_TOGGLE_MS = 400;

interface PortletProps {
  title: string;
  children: ReactNode;
  /** Given, the card shows a close button; the owner removes the card. */
  onClose?: () => void;
  actions?: ReactNode;
  /** A card is a labelled region, so its figures can be found by the card's title. */
  headingOrder?: 2 | 3;
  /** Given, the owner keeps whether the card is expanded (e.g. to remember it); else the card does. */
  expanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
}

/** A card that can collapse, expand and close (original §4, layout states). */
export function Portlet({ title, children, onClose, actions, headingOrder = 2, ...control }: PortletProps) {
  const { t } = useTranslation();
  const [own, setOwn] = useState(true);
  const expanded = control.expanded ?? own;
  const setExpanded = (next: boolean) => {
    setOwn(next);
    control.onExpandedChange?.(next);
  };
  const reduceMotion = useReducedMotion();
  const bodyId = useId();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} withBorder shadow="xs" padding={0} className={classes.card}>
      <Group justify="space-between" wrap="nowrap" className={classes.head}>
        <Title order={headingOrder} size="h4" id={titleId} className={classes.title}>
          {title}
        </Title>
        <Group gap={4} wrap="nowrap" data-no-print>
          {actions}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t(expanded ? 'card.collapse' : 'card.expand', { title })}
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded(!expanded)}
          >
            <IconChevronDown size={18} aria-hidden className={classes.chevron} data-collapsed={!expanded || undefined} />
          </ActionIcon>
          {onClose && (
            <ActionIcon variant="subtle" color="gray" aria-label={t('card.close', { title })} onClick={onClose}>
              <IconX size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Collapse expanded={expanded} transitionDuration={reduceMotion ? 0 : CARD_TOGGLE_MS} keepMountedMode="display-none">
        <div id={bodyId} className={classes.body}>
          {children}
        </div>
      </Collapse>
    </Card>
  );
}
