import { contrastRatio, formatContrast, MIN_TEXT_CONTRAST } from '@kovanica/contract';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const HEX = /^#[0-9a-fA-F]{6}$/;

export interface PromoBoxLook {
  title: string;
  text: string;
  backgroundColor: string;
  textColor: string;
  buttonLabel: string;
}

/**
 * The box as the card holders' app shows it, drawn from the form's values as they are typed, with
 * the WCAG contrast of its text on its background (the server refuses less than 4.5:1).
 */
export function PromoBoxPreview({ look }: { look: PromoBoxLook }) {
  const { t } = useTranslation();
  const valid = HEX.test(look.backgroundColor) && HEX.test(look.textColor);
  const ratio = valid ? contrastRatio(look.textColor, look.backgroundColor) : null;
  const readable = ratio !== null && ratio >= MIN_TEXT_CONTRAST;
  const background = HEX.test(look.backgroundColor) ? look.backgroundColor : 'var(--mantine-color-gray-2)';
  const color = HEX.test(look.textColor) ? look.textColor : 'var(--mantine-color-black)';

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="promo-box-preview-label">
        {t('resources.promo-boxes.preview')}
      </Text>
      <Box
        role="img"
        aria-labelledby="promo-box-preview-label"
        aria-describedby="promo-box-contrast"
        p="lg"
        maw={420}
        style={{ background, color, borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Title order={3} size="h4" c="inherit" style={{ overflowWrap: 'anywhere' }}>
          {look.title.trim() || t('resources.promo-boxes.fields.title')}
        </Title>
        {look.text.trim() && (
          <Text mt="xs" c="inherit" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {look.text}
          </Text>
        )}
        {look.buttonLabel.trim() && (
          <Box
            component="span"
            mt="md"
            px="md"
            py={6}
            display="inline-block"
            fw={600}
            style={{ background: color, color: background, borderRadius: 'var(--mantine-radius-sm)' }}
          >
            {look.buttonLabel}
          </Box>
        )}
      </Box>
      <Group gap={6} wrap="nowrap" id="promo-box-contrast">
        {ratio === null ? (
          <Text size="sm" c="dimmed">
            {t('resources.promo-boxes.contrastUnknown')}
          </Text>
        ) : (
          <>
            {readable ? (
              <IconCheck size={16} color="var(--mantine-color-teal-9)" aria-hidden />
            ) : (
              <IconX size={16} color="var(--mantine-color-red-9)" aria-hidden />
            )}
            <Text size="sm" fw={500} c={readable ? 'teal.9' : 'red.9'}>
              {t(readable ? 'resources.promo-boxes.contrastOk' : 'resources.promo-boxes.contrastLow', {
                ratio: formatContrast(ratio),
                min: MIN_TEXT_CONTRAST,
              })}
            </Text>
          </>
        )}
      </Group>
    </Stack>
  );
}
