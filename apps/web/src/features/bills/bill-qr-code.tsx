import { Anchor, Image, Skeleton, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The QR image of an address as a PNG data URL; the PDF receipt draws the same image. */
export const qrDataUrl = (url: string) => QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 320 });

/** A bill's QR code (`billQrUrl`), with the address under it for who cannot scan. */
export function BillQrCode({ url, withJir }: { url: string; withJir: boolean }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void qrDataUrl(url).then((data) => current && setImage(data));
    return () => {
      current = false;
    };
  }, [url]);
  return (
    <Stack gap="xs" align="center">
      {image ? (
        <Image src={image} alt={t('billPage.qr.alt')} w={160} h={160} fit="contain" data-testid="bill-qr" />
      ) : (
        <Skeleton w={160} h={160} />
      )}
      <Text size="xs" c="dimmed" ta="center">
        {t(withJir ? 'billPage.qr.hint' : 'billPage.qr.hintZki')}
      </Text>
      <Anchor href={url} target="_blank" rel="noreferrer" size="xs" style={{ wordBreak: 'break-all' }} ta="center">
        {url}
      </Anchor>
    </Stack>
  );
}
