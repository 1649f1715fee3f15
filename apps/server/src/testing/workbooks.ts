import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

// Workbooks as an attacker would make them, written part by part (the zip by hand), for the tests and
// the bench of the upload limits: a sheet of identical cells packs hundreds of megabytes into a few.

interface Part {
  name: string;
  packed: Buffer;
  crc: number;
  /** What the zip says the part unpacks to (a lie, when it is not its size). */
  declared: number;
}

const head = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}`;
const tail = '</sheetData></worksheet>';

/** A zip of the parts (deflated), with its central directory. */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.packed.length, 18);
    local.writeUInt32LE(p.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.packed.length, 20);
    central.writeUInt32LE(p.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.packed);
    centrals.push(central, name);
    offset += local.length + name.length + p.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const small = (name: string, text: string): Part => {
  const bytes = Buffer.from(text);
  return { name, packed: deflateRawSync(bytes), crc: crc32(bytes), declared: bytes.length };
};

/** A sheet's XML written row by row through deflate: the rows are never all in memory. */
async function packedSheet(rows: number, cellsPerRow: number): Promise<Part> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  let crc = 0;
  let size = 0;
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      const bytes = Buffer.from(text);
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (deflate.write(bytes)) resolve();
      else deflate.once('drain', resolve);
    });
  await write(head(''));
  // The same cells in every row, without references (a reader numbers them as they come).
  const row = `<row>${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(cellsPerRow)}</row>`;
  for (let r = 0; r < rows; r++) await write(row);
  await write(tail);
  const ended = new Promise<void>((resolve) => deflate.once('end', resolve));
  deflate.end();
  await ended;
  return { name: 'xl/worksheets/sheet1.xml', packed: Buffer.concat(chunks), crc: crc >>> 0, declared: size };
}

const frame = [
  small(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ),
  small(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ),
  small(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
  small(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ),
];

/**
 * A workbook of one sheet of `rows` × `cellsPerRow` identical cells, as base64. `lie`: its zip says
 * the sheet unpacks to a few kilobytes (a reader that trusts the directory reads it whole).
 */
export async function cellBomb(
  rows: number,
  cellsPerRow: number,
  options: { lie?: boolean } = {},
): Promise<{ base64: string; unpacked: number }> {
  const sheet = await packedSheet(rows, cellsPerRow);
  const unpacked = sheet.declared;
  if (options.lie) sheet.declared = 4096;
  return { base64: zip([...frame, sheet]).toString('base64'), unpacked };
}
