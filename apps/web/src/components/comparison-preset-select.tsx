import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ComparisonPreset, comparisonPresets } from '../lib/comparison-presets.ts';

const k = (key: string) => `resources.comparativeAnalysis.${key}`;

/**
 * "Compare with": a month earlier, a year earlier or the days just before (the comparative analysis's
 * screen and its export). Days picked by hand show as "Days of my choice", which cannot be chosen here.
 */
export function ComparisonPresetSelect({
  value,
  onChange,
}: {
  value: ComparisonPreset | 'custom';
  onChange: (preset: ComparisonPreset) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t(k('compareWith'))}
      value={value}
      allowDeselect={false}
      data={[
        ...comparisonPresets.map((p) => ({ value: p, label: t(k(`presets.${p}`)) })),
        { value: 'custom', label: t(k('presets.custom')), disabled: true },
      ]}
      onChange={(chosen) => {
        const preset = comparisonPresets.find((p) => p === chosen);
        if (preset) onChange(preset);
      }}
    />
  );
}
