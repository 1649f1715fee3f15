import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../../../tools/chromium.ts';
import { signIn, USERS } from './support.ts';

/**
 * A camera that shows labels: Chromium's fake camera plays a Y4M file from its first frame, here
 * two seconds of a QR code of another site's device page, then one of device 1's page on this server
 * (the demo's first device).
 */
const origin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + Number(process.env.TEST_PARALLEL_INDEX ?? 0)}`;

function y4mOf(texts: string[]): string {
  const side = 320;
  const frames = texts.map((text) => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const scale = Math.floor((side - 40) / modules.size);
    const offset = Math.floor((side - modules.size * scale) / 2);
    const luma = Buffer.alloc(side * side, 235);
    for (let y = 0; y < modules.size * scale; y++) {
      for (let x = 0; x < modules.size * scale; x++) {
        if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(offset + y) * side + offset + x] = 16;
      }
    }
    return Buffer.concat([Buffer.from('FRAME\n'), luma, Buffer.alloc((side / 2) * (side / 2) * 2, 128)]);
  });
  const file = path.join(tmpdir(), `kovanica-qr-${process.pid}-${texts.length}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F2:1 Ip A1:1 C420jpeg\n`), ...frames]));
  return file;
}

test.use({
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${y4mOf([...Array(4).fill('https://example.com/devices/edit/1'), ...Array(4).fill(`${origin}/devices/edit/1`)])}`,
    ],
  },
});

test("the camera reads a device's label and opens the device", async ({ page, context }) => {
  await context.grantPermissions(['camera'], { origin });
  await signIn(page, USERS.manager);
  await page.goto('/devices/list');
  await page.getByRole('button', { name: 'Scan a device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan a device' });
  await expect(dialog.locator('video')).toBeVisible();
  // Another site's code is refused, and the scanner keeps looking…
  await expect(dialog.getByText('Not a Kovanica device')).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByText('https://example.com/devices/edit/1')).toBeVisible();
  // …until device 1's label opens the device.
  await expect(page).toHaveURL(/\/devices\/edit\/1$/, { timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: 'Scan a device' })).toBeHidden();
});
