import { Anchor, Group } from '@mantine/core';
import { IconExternalLink, IconNavigation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type LatLng, navigationLinks } from '../lib/navigate.ts';

/**
 * The way to a place: "Navigate" (a `geo:` link, the phone's maps app) and OpenStreetMap's directions
 * in a new tab. Nothing without a point. Used on the map's popups, the location's page and the visits.
 */
export function NavigateLinks({ point, name, size = 'sm' }: { point: LatLng | null | undefined; name: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const links = navigationLinks(point, name);
  if (!links) return null;
  const icon = size === 'xs' ? 14 : 16;
  return (
    // Side by side where they fit, close together when they wrap (a narrow popup).
    <Group
      wrap="wrap"
      style={{ rowGap: 4, columnGap: 'var(--mantine-spacing-md)' }}
      role="group"
      aria-label={t('map.navigate.label', { name })}
      data-testid="navigate-links"
      mt={4}
    >
      <Anchor href={links.geo} size={size} title={t('map.navigate.geoHint')} inline>
        <Group component="span" gap={4} wrap="nowrap">
          <IconNavigation size={icon} aria-hidden />
          {t('map.navigate.geo')}
        </Group>
      </Anchor>
      <Anchor href={links.osm} size={size} target="_blank" rel="noopener noreferrer" inline>
        <Group component="span" gap={4} wrap="nowrap">
          <IconExternalLink size={icon} aria-hidden />
          {t('map.navigate.osm')}
        </Group>
      </Anchor>
    </Group>
  );
}
