import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, type FocusEvent, type MouseEvent, type ReactElement, type Ref, useRef, useState } from 'react';

type Trigger = ReactElement<{
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}>;

/**
 * The tooltip of an action repeated on every row of a list (edit, delete, verify…): Mantine's
 * `Tooltip` around each one mounts a floating element, a portal and a transition per row before
 * anyone points at it. This one mounts Mantine's tooltip beside its trigger the first time the
 * trigger is hovered or focused from the keyboard, then opens and closes it on both, so the keyboard sees
 * it too. The trigger itself is rendered once and never remounted (focus stays where it is). The
 * trigger must take a ref (Mantine's `ActionIcon`, `Badge`, …); its own ref and its hover and focus
 * handlers are kept. Decision 0016.
 */
export function RowTooltip({ label, children, ...tooltip }: { label: string; children: Trigger } & Pick<TooltipProps, 'multiline' | 'w'>) {
  const target = useRef<HTMLElement>(null);
  const own = children.props;
  const ref = useMergedRef(target, own.ref);
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpened(true);
  };
  const hide = () => setOpened(false);
  const trigger = cloneElement(children, {
    ref,
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      own.onMouseEnter?.(event);
      show();
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      // From the keyboard, not from a click: a clicked button keeps its focus and would keep the tooltip.
      if (event.currentTarget.matches(':focus-visible')) show();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
  });
  return (
    <>
      {trigger}
      {used && <Tooltip label={label} target={target} opened={opened} {...tooltip} />}
    </>
  );
}
