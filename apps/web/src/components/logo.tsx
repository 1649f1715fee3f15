import { Group, Text } from '@mantine/core';

/** The Kovanica word mark: a coin and the name. Decorative icon; the name is the text. */
export function Logo({ size = 32, inverted = false, compact = false }: { size?: number; inverted?: boolean; compact?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
        <circle cx="16" cy="16" r="15" fill={inverted ? '#fff' : '#364fc7'} />
        <circle cx="16" cy="16" r="10" fill="none" stroke={inverted ? '#364fc7' : '#fff'} strokeWidth="2" />
        <text
          x="16"
          y="21"
          fontFamily="Arial, sans-serif"
          fontSize="13"
          fontWeight="700"
          textAnchor="middle"
          fill={inverted ? '#364fc7' : '#fff'}
        >
          K
        </text>
      </svg>
      {!compact && (
        <Text component="span" fw={700} fz={size * 0.6} c={inverted ? 'white' : 'indigo.9'} lh={1}>
          Kovanica
        </Text>
      )}
    </Group>
  );
}
