import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The cost of a field of a described resource (docs/architecture.md "A field, described once"), as
 * `npm run cost -- --field` counts it: a device's cash box capacity is stored, listed, written in the
 * list's file, edited on the form, imported from a file, and read by the logistic report and the full
 * cash box alarm (uses of the field, not its cost: the cost is the other four). A column,
 * label or mapping written by hand again (in the device list, the web's dictionaries, the export, the
 * service, the import's columns or its reading of a row) shows here as one more file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the files a field touches', () => {
  it("a device's stored field: the contract, the schema, the form, and the report, the alarm and the cash box outlook that read it", () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'tools/resource-cost.ts', '--field', 'cashBoxCapacityCents'], {
      cwd: root,
      encoding: 'utf8',
    });
    const files = out
      .split('\n')
      .filter((line) => line.startsWith('  '))
      .map((line) => line.trim())
      .sort();
    expect(files).toEqual([
      'apps/server/src/db/schema/devices.ts',
      'apps/server/src/modules/alarms/alarms.conditions.ts',
      'apps/server/src/modules/devices/devices.queries.ts',
      'apps/server/src/modules/reports/logistic.service.ts',
      'apps/web/src/features/devices/device-form.tsx',
      'packages/contract/src/resources/device-fields.ts',
      'packages/contract/src/resources/devices.ts',
    ]);
  });
});
