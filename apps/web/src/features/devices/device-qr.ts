import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Device QR labels and scanning them (docs/rules.md "Devices", QR labels): a label's code is the
 * absolute address of the device's page in the back-office, so any phone's camera opens it; the
 * back-office's own scanner reads the same address (or a bare device id) and opens the device.
 */

/** The device page's path, as the router names it (`/devices/edit/$id`). */
export const devicePath = (id: number) => `/devices/edit/${id}`;

/** What a device's label encodes: this back-office's origin and the device page's path. */
export const deviceUrl = (origin: string, id: number) => `${origin.replace(/\/+$/, '')}${devicePath(id)}`;

export type ScanOutcome = { kind: 'device'; id: number } | { kind: 'foreign'; text: string };

const MAX_ID = 2_147_483_647;

/**
 * What a scanned (or typed) code names: a device of this back-office, by its page's address on this
 * origin or a bare id; anything else (another site, another page, a bill's QR code, text) is foreign.
 */
export function readDeviceCode(text: string, origin: string): ScanOutcome {
  const value = text.trim();
  const asId = (digits: string): ScanOutcome => {
    const id = Number(digits);
    return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? { kind: 'device', id } : { kind: 'foreign', text: value };
  };
  if (/^\d{1,10}$/.test(value)) return asId(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'foreign', text: value };
  }
  const path = /^\/devices\/edit\/(\d{1,10})\/?$/.exec(url.pathname);
  if (url.origin !== new URL(origin).origin || !path?.[1]) return { kind: 'foreign', text: value };
  return asId(path[1]);
}

/** The part of the browser's `BarcodeDetector` the scanner uses. */
export interface QrDetector {
  detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

type DetectorClass = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
};

/** The browser's own QR reader where it has one (Chrome on Android and macOS, Safari…), else null. */
export async function browserQrDetector(): Promise<QrDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/**
 * The text of the QR code in a camera frame, or null: through the browser's detector when given, else
 * through jsQR (decision 0053), which reads the frame's pixels itself.
 */
export async function decodeQr(frame: ImageData, detector: QrDetector | null = null): Promise<string | null> {
  if (detector) {
    const [found] = await detector.detect(frame);
    return found?.rawValue ?? null;
  }
  // Loaded when a camera frame first needs it: the device pages do not carry the decoder.
  const { default: jsQR } = await import('jsqr');
  return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** What a label shows. */
export interface LabelInput {
  id: number;
  name: string;
  location: string | null;
  /** The QR code of `deviceUrl`, as a PNG data URL. */
  qrImage: string;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A4 in points, and the sheet's grid: 3 × 8 labels of 70 × 37 mm (the common label sheet), 0.5 mm above and below. */
const A4 = { width: 595.28, height: 841.89 };
const MM = 72 / 25.4;
export const LABEL_COLUMNS = 3;
export const LABEL_ROWS = 8;
const LABEL = { width: A4.width / LABEL_COLUMNS, height: 37 * MM };
const SHEET_TOP = (A4.height - LABEL_ROWS * LABEL.height) / 2;
const PADDING = 8;
const QR_SIZE = LABEL.height - 2 * PADDING;

/** One label: the code on the left, the device's name, location and id on the right. */
function labelContent(label: LabelInput, t: Translate): Content {
  return {
    columns: [
      { image: label.qrImage, width: QR_SIZE, height: QR_SIZE },
      {
        width: '*',
        margin: [6, 4, 0, 0],
        stack: [
          { text: label.name, bold: true, fontSize: 10, margin: [0, 0, 0, 3] },
          ...(label.location ? [{ text: label.location, fontSize: 8, margin: [0, 0, 0, 3] as [number, number, number, number] }] : []),
          { text: t('deviceQr.labelId', { id: label.id }), fontSize: 8 },
        ],
      },
    ],
    columnGap: 0,
  };
}

/** A single label, on a page of its own size (a label printer's). */
export function singleLabelDocument(label: LabelInput, t: Translate): TDocumentDefinitions {
  return {
    info: { title: t('deviceQr.fileTitle', { name: label.name }) },
    pageSize: { width: LABEL.width, height: LABEL.height },
    pageMargins: [PADDING, PADDING, PADDING, 0],
    content: [labelContent(label, t)],
    defaultStyle: { font: 'Roboto' },
  };
}

/**
 * Labels on A4 sheets, 3 across and 8 down, left to right and top to bottom, as many sheets as they
 * fill; a sheet's last row is completed with empty labels.
 */
export function labelSheetDocument(labels: readonly LabelInput[], t: Translate): TDocumentDefinitions {
  const perSheet = LABEL_COLUMNS * LABEL_ROWS;
  const content: Content[] = [];
  for (let start = 0; start < labels.length; start += perSheet) {
    const sheet = labels.slice(start, start + perSheet);
    const body: Content[][] = [];
    for (let row = 0; row < sheet.length; row += LABEL_COLUMNS) {
      body.push(
        Array.from({ length: LABEL_COLUMNS }, (_, column) => {
          const label = sheet[row + column];
          return label ? labelContent(label, t) : { text: '' };
        }),
      );
    }
    content.push({
      table: {
        widths: Array(LABEL_COLUMNS).fill(LABEL.width - 2 * PADDING),
        heights: LABEL.height - 2 * PADDING,
        body,
        dontBreakRows: true,
      },
      layout: {
        hLineWidth: () => 0,
        vLineWidth: () => 0,
        paddingLeft: () => PADDING,
        paddingRight: () => PADDING,
        paddingTop: () => PADDING,
        paddingBottom: () => PADDING,
      },
      ...(start + perSheet < labels.length ? { pageBreak: 'after' as const } : {}),
    });
  }
  return {
    info: { title: t('deviceQr.sheetTitle', { count: labels.length }) },
    pageSize: 'A4',
    pageMargins: [0, SHEET_TOP, 0, 0],
    content,
    defaultStyle: { font: 'Roboto' },
  };
}
