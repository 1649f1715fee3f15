import { type Device, type SearchResult, searchAnswer } from '@kovanica/contract';
import { Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconQrcode } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { collectRows } from '../../components/data-table/index.ts';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { WarningAlert } from '../../components/warning-alert.tsx';
import { apiRequest } from '../../lib/api.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { toApiQuery, useListSearch } from '../../lib/list-state.ts';
import { usePhone } from '../../lib/screen.ts';
import { browserQrDetector, decodeQr, readDeviceCode } from './device-qr.ts';

/** "QR label" on a device's page: a PDF of the device's label. */
export function DeviceLabelButton({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { downloadDeviceLabel } = await import('./device-labels.ts');
      await downloadDeviceLabel(device, (key, values) => t(key, values));
    } catch (error) {
      console.error(error);
      notifications.show({ color: 'red', message: t('deviceQr.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconQrcode size={16} aria-hidden />} loading={busy} onClick={() => void download()}>
      {t('deviceQr.label')}
    </Button>
  );
}

/**
 * "QR labels" on the devices list: the selected devices' labels, or, with none selected, those of
 * the whole filtered list (up to ten sheets), on A4 sheets.
 */
export function DeviceLabelsButton({ selected }: { selected: readonly Device[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useListSearch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { downloadDeviceLabels, MAX_LABELS } = await import('./device-labels.ts');
      const query = toApiQuery(search);
      const devices =
        selected.length > 0
          ? selected
          : (
              await collectRows(
                (page, itemsPerPage) =>
                  queryClient.fetchQuery({ ...devicesApi.list({ ...query, page, itemsPerPage }), staleTime: 0, gcTime: 0 }),
                { max: MAX_LABELS },
              )
            ).rows;
      if (devices.length === 0) {
        notifications.show({ message: t('deviceQr.none') });
        return;
      }
      await downloadDeviceLabels(devices, (key, values) => t(key, values));
    } catch (error) {
      console.error(error);
      notifications.show({ color: 'red', message: t('deviceQr.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconQrcode size={16} aria-hidden />} loading={busy} onClick={() => void download()}>
      {selected.length > 0 ? t('deviceQr.labelsSelected', { count: selected.length }) : t('deviceQr.labels')}
    </Button>
  );
}

type CameraState = 'starting' | 'scanning' | 'denied' | 'absent';

/** How often a camera frame is read, in ms: about four a second is quick enough and spares a phone's battery. */
const SCAN_INTERVAL_MS = 250;

/** The camera while the dialog is open: frames read for a QR code until one names a device. */
function useCameraScan(video: RefObject<HTMLVideoElement | null>, onCode: (text: string) => boolean) {
  const [state, setState] = useState<CameraState>('starting');
  const handler = useRef(onCode);
  handler.current = onCode;
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    const canvas = document.createElement('canvas');
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('absent');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        const name = (error as { name?: string }).name;
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'absent');
        return;
      }
      if (stopped || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      setState('scanning');
      const detector = await browserQrDetector();
      const read = async () => {
        if (stopped) return;
        const v = video.current;
        if (v && v.videoWidth > 0) {
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          const context = canvas.getContext('2d', { willReadFrequently: true });
          context?.drawImage(v, 0, 0);
          const frame = context?.getImageData(0, 0, canvas.width, canvas.height);
          const text = frame ? await decodeQr(frame, detector).catch(() => null) : null;
          if (text && handler.current(text)) return;
        }
        timer = window.setTimeout(() => void read(), SCAN_INTERVAL_MS);
      };
      void read();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [video]);
  return state;
}

/** The dialog's body, mounted while it is open (the camera runs only then). */
function ScanDialogBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [foreign, setForeign] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<SearchResult[] | null>(null);
  const [searching, setSearching] = useState(false);

  const open = (id: number) => {
    onDone();
    void navigate({ to: '/devices/edit/$id', params: { id: String(id) } });
  };
  const onCode = (text: string) => {
    const outcome = readDeviceCode(text, window.location.origin);
    if (outcome.kind === 'device') {
      open(outcome.id);
      return true;
    }
    setForeign(outcome.text);
    return false;
  };
  const camera = useCameraScan(video, onCode);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!value) return;
    const outcome = readDeviceCode(value, window.location.origin);
    if (outcome.kind === 'device') {
      open(outcome.id);
      return;
    }
    setSearching(true);
    try {
      const answer = await apiRequest('/search', { query: { q: value }, schema: searchAnswer });
      setFound(answer.results.filter((r) => r.kind === 'device'));
    } catch {
      setFound([]);
    } finally {
      setSearching(false);
    }
  };

  return (
    <Stack gap="sm">
      {(camera === 'starting' || camera === 'scanning') && (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('deviceQr.scan.camera')}
            style={{ width: '100%', maxHeight: '50vh', background: 'var(--mantine-color-dark-7)', borderRadius: 8 }}
          />
          <Text size="sm" c="dimmed">
            {t(camera === 'starting' ? 'deviceQr.scan.starting' : 'deviceQr.scan.hint')}
          </Text>
        </>
      )}
      {camera === 'denied' && <WarningAlert title={t('deviceQr.scan.deniedTitle')}>{t('deviceQr.scan.denied')}</WarningAlert>}
      {camera === 'absent' && <WarningAlert title={t('deviceQr.scan.absentTitle')}>{t('deviceQr.scan.absent')}</WarningAlert>}
      {foreign !== null && (
        <FailureAlert title={t('deviceQr.scan.foreignTitle')}>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {t('deviceQr.scan.foreign', { text: foreign.slice(0, 200) })}
          </Text>
        </FailureAlert>
      )}
      <form onSubmit={(e) => void find(e)}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('deviceQr.scan.typed')}
            description={t('deviceQr.scan.typedHint')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            maxLength={100}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={searching}>
            {t('deviceQr.scan.find')}
          </Button>
        </Group>
      </form>
      {found !== null &&
        (found.length === 0 ? (
          <Text size="sm" role="status">
            {t('deviceQr.scan.notFound')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} aria-label={t('deviceQr.scan.results')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {found.map((device) => (
              <li key={device.id}>
                <UnstyledButton
                  onClick={() => open(device.id)}
                  p="xs"
                  w="100%"
                  style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}
                >
                  <Text size="sm" fw={600}>
                    {device.title}
                  </Text>
                  {device.detail && (
                    <Text size="xs" c="dimmed">
                      {device.detail}
                    </Text>
                  )}
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}

/** "Scan a device": the camera reads a device's label and opens its page; a typed id or name where there is no camera. */
export function ScanDeviceButton() {
  const { t } = useTranslation();
  const phone = usePhone();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconCamera size={16} aria-hidden />} onClick={() => setOpened(true)} aria-haspopup="dialog">
        {t('deviceQr.scan.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('deviceQr.scan.title')}
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('deviceQr.scan.close') }}
      >
        {opened && <ScanDialogBody onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
