import { Alert, type AlertProps, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api.ts';

/** What a failure says: the API's own text (in the user's language) when there is one, else the fallback. */
export function failureText(error: unknown, fallback: string): string {
  return (isApiError(error) && error.userMessage) || fallback;
}

interface FailureAlertProps extends Omit<AlertProps, 'color' | 'icon' | 'title' | 'children' | 'role'> {
  /** What failed, already in words (a form's `failure`); without it, the text of `error`. */
  children?: ReactNode;
  /** The failed request's error: its API text is shown, or "The page could not be shown." for any other error. */
  error?: unknown;
  /** A heading above the text, e.g. "The list could not be loaded." */
  title?: ReactNode;
  /** Given, a "Try again" button under the text calls it (a list or page that failed to load). */
  onRetry?: () => void;
}

/**
 * The one red failure notice of the product: a failed load of a list or page, or a save or action
 * refused. It is an alert (read out when it appears); a load failure offers to try again.
 */
export function FailureAlert({ children, error, title, onRetry, ...rest }: FailureAlertProps) {
  const { t } = useTranslation();
  const text = children ?? failureText(error, t('errors.genericText'));
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={title} {...rest}>
      {onRetry ? (
        <>
          <Text size="sm" mb="sm">
            {text}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('errors.retry')}
          </Button>
        </>
      ) : (
        text
      )}
    </Alert>
  );
}
