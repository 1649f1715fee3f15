import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  decodeQr,
  deviceUrl,
  type LabelInput,
  labelSheetDocument,
  type QrDetector,
  readDeviceCode,
  singleLabelDocument,
} from './device-qr.ts';

const ORIGIN = 'https://backoffice.kovanica.example';

/** A QR code as a camera frame would hold it: black modules on white, 4 px each, a 4-module quiet zone, optionally inverted. */
function frameOf(text: string, { scale = 4, invert = false } = {}): ImageData {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quiet;
      const column = Math.floor(x / scale) - quiet;
      const inside = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      const dark = inside && modules.get(row, column) === 1;
      const value = dark !== invert ? 0 : 255;
      data.set([value, value, value, 255], (y * side + x) * 4);
    }
  }
  return { data, width: side, height: side, colorSpace: 'srgb' } as ImageData;
}

describe("a device's QR code", () => {
  it("is the absolute address of the device's page", () => {
    expect(deviceUrl(ORIGIN, 42)).toBe('https://backoffice.kovanica.example/devices/edit/42');
    expect(deviceUrl(`${ORIGIN}/`, 7)).toBe('https://backoffice.kovanica.example/devices/edit/7');
  });

  it('is read back from a camera frame by jsQR, and names the device', async () => {
    const text = await decodeQr(frameOf(deviceUrl(ORIGIN, 1234)));
    expect(text).toBe('https://backoffice.kovanica.example/devices/edit/1234');
    expect(readDeviceCode(text ?? '', ORIGIN)).toEqual({ kind: 'device', id: 1234 });
    // Light on dark (a label printed inverted, a phone's dark screen) reads too.
    expect(await decodeQr(frameOf(deviceUrl(ORIGIN, 9), { invert: true, scale: 3 }))).toBe(deviceUrl(ORIGIN, 9));
  });

  it('finds nothing in a frame without a code', async () => {
    const blank = { data: new Uint8ClampedArray(100 * 100 * 4).fill(255), width: 100, height: 100 } as ImageData;
    expect(await decodeQr(blank)).toBeNull();
  });

  it("goes through the browser's detector where there is one", async () => {
    const seen: unknown[] = [];
    const detector: QrDetector = {
      detect: async (image) => {
        seen.push(image);
        return [{ rawValue: '77' }];
      },
    };
    const frame = frameOf('ignored');
    expect(await decodeQr(frame, detector)).toBe('77');
    expect(seen).toEqual([frame]);
    expect(await decodeQr(frame, { detect: async () => [] })).toBeNull();
  });

  it("names a device only by this origin's device page or a bare id; anything else is foreign", () => {
    expect(readDeviceCode(' 15 ', ORIGIN)).toEqual({ kind: 'device', id: 15 });
    expect(readDeviceCode(`${ORIGIN}/devices/edit/15/`, ORIGIN)).toEqual({ kind: 'device', id: 15 });
    expect(readDeviceCode(`${ORIGIN}/devices/edit/15?x=1`, ORIGIN)).toEqual({ kind: 'device', id: 15 });
    for (const text of [
      'https://evil.example/devices/edit/15',
      `${ORIGIN}/locations/edit/15`,
      `${ORIGIN}/devices/edit/abc`,
      'http://backoffice.kovanica.example/devices/edit/15',
      'https://porezna.gov.hr/rn?jir=3e3a0a0b',
      'hello',
      '0',
      '99999999999',
    ]) {
      expect(readDeviceCode(text, ORIGIN), text).toEqual({ kind: 'foreign', text });
    }
  });
});

const label = (n: number): LabelInput => ({
  id: n,
  name: `Autić ${n}`,
  location: n % 2 ? 'Arena Centar' : null,
  qrImage: 'data:image/png;base64,AAAA',
});
const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`;

/** Every text of a pdfmake document, flattened. */
const textOf = (node: unknown): string =>
  typeof node === 'string'
    ? node
    : Array.isArray(node)
      ? node.map(textOf).join(' ')
      : node && typeof node === 'object'
        ? Object.entries(node)
            .filter(([key]) => key !== 'layout')
            .map(([, v]) => textOf(v))
            .join(' ')
        : '';

describe('label sheets', () => {
  it('put 24 labels on an A4 sheet, 3 across and 8 down, and start a sheet for the 25th', () => {
    const doc = labelSheetDocument(
      Array.from({ length: 25 }, (_, i) => label(i + 1)),
      t,
    );
    expect(doc.pageSize).toBe('A4');
    const sheets = doc.content as { table: { body: unknown[][] }; pageBreak?: string }[];
    expect(sheets).toHaveLength(2);
    expect(sheets[0]?.table.body).toHaveLength(8);
    expect(sheets[0]?.table.body.every((row) => row.length === 3)).toBe(true);
    expect(sheets[0]?.pageBreak).toBe('after');
    expect(sheets[1]?.table.body).toHaveLength(1);
    expect(sheets[1]?.pageBreak).toBeUndefined();
    const text = textOf(doc.content);
    expect(text).toContain('Autić 25');
    expect(text).toContain('Arena Centar');
    expect(text).toContain('deviceQr.labelId{"id":25}');
  });

  it('make a single label a page of its own, with the name, location and id', () => {
    const doc = singleLabelDocument(label(3), t);
    // 70 × 37 mm, in points.
    expect(doc.pageSize).toMatchObject({ width: expect.closeTo((70 * 72) / 25.4, 1), height: expect.closeTo((37 * 72) / 25.4, 1) });
    expect(textOf(doc.content)).toMatch(/Autić 3.*Arena Centar.*deviceQr\.labelId\{"id":3\}/);
  });
});
