import QRCode from 'qrcode';
import { loadPdfMake } from '../../lib/pdfmake.ts';
import { deviceUrl, type LabelInput, labelSheetDocument, singleLabelDocument } from './device-qr.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A device as a label needs it (a list row or the device itself). */
export interface LabelDevice {
  id: number;
  name: string;
  locationName: string | null;
}

/** The most labels one PDF holds: ten sheets. */
export const MAX_LABELS = 240;

const qrImage = (url: string) => QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });

async function labelsOf(devices: readonly LabelDevice[], origin: string): Promise<LabelInput[]> {
  return Promise.all(
    devices.map(async (d) => ({ id: d.id, name: d.name, location: d.locationName, qrImage: await qrImage(deviceUrl(origin, d.id)) })),
  );
}

/** Downloads one device's label as `device-<id>-label.pdf`. */
export async function downloadDeviceLabel(device: LabelDevice, t: Translate, origin = window.location.origin): Promise<void> {
  const [pdfMake, [label]] = await Promise.all([loadPdfMake(), labelsOf([device], origin)]);
  if (!label) return;
  await pdfMake.createPdf(singleLabelDocument(label, t)).download(`device-${device.id}-label.pdf`);
}

/** Downloads the devices' labels on A4 sheets as `device-labels.pdf`. */
export async function downloadDeviceLabels(devices: readonly LabelDevice[], t: Translate, origin = window.location.origin): Promise<void> {
  const [pdfMake, labels] = await Promise.all([loadPdfMake(), labelsOf(devices.slice(0, MAX_LABELS), origin)]);
  await pdfMake.createPdf(labelSheetDocument(labels, t)).download('device-labels.pdf');
}
