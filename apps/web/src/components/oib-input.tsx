import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * An OIB field: eleven digits, typed on a phone's number pad, never filled in by the browser, its hint
 * under the input (before the error). The user form and the profile use it.
 */
export function OibInput(props: TextInputProps) {
  return (
    <TextInput
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      inputMode="numeric"
      maxLength={11}
      autoComplete="off"
      {...props}
    />
  );
}
