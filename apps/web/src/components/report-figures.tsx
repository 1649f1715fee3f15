import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './report-figures.module.css';

/** One headline figure of a report: its label, its value (undefined while the answer loads) and an icon. */
export interface ReportFigure {
  label: string;
  value: string | undefined;
  icon: ReactNode;
}

/**
 * A report's headline figures above its table (revenue, plays; gross, net, rent, share…). Up to three
 * share one row on a phone, four go two by two; `phoneColumns` gives figures too wide for a third of
 * a phone (a year's EBITDA) more room.
 */
export function ReportFigures({ figures, phoneColumns }: { figures: readonly ReportFigure[]; phoneColumns?: number }) {
  const wide = figures.length;
  return (
    <SimpleGrid
      cols={{ base: phoneColumns ?? (wide > 3 ? 2 : wide), sm: wide }}
      spacing={{ base: 'xs', sm: 'md' }}
      className={classes.figures}
    >
      {figures.map((figure) => (
        <Figure key={figure.label} {...figure} />
      ))}
    </SimpleGrid>
  );
}

/** One figure, a region named by its label so it can be found (and read out) by it. */
function Figure({ label, value, icon }: ReportFigure) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder shadow="xs" radius="md" className={classes.figure}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div className={classes.figureText}>
          <Text id={id} size="sm" c="dimmed" fw={500} lh={1.3}>
            {label}
          </Text>
          {/* The skeleton takes the value's line box, so nothing below moves when the answer comes; it
              never widens the figure (a label would stay on one line, and wrap when the value comes). */}
          {value === undefined ? (
            <Skeleton width={120} maw="100%" className={classes.figureValue} />
          ) : (
            <Text className={classes.figureValue}>{value}</Text>
          )}
        </div>
        <span className={classes.figureIcon}>{icon}</span>
      </Group>
    </Paper>
  );
}
