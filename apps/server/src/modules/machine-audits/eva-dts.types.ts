/**
 * What the EVA-DTS reader (`eva-dts.ts`) makes of an audit file (docs/rules.md "Machine audits"): the
 * segments as read, and the figures the product interprets, in cents. Free of the database and of HTTP.
 */
import type { MachineAuditBlock, MachineAuditCounters, MachineAuditEvent } from '@kovanica/contract';

/** One selection as the file gives it (`PA1`–`PA7`), before any planogram. */
export interface ParsedProduct {
  selection: string;
  priceCents: number | null;
  paidVends: number | null;
  paidCents: number | null;
  testVends: number | null;
  freeVends: number | null;
}

export interface ParsedAudit {
  /** ID101, CB101, ID102. */
  machineSerial: string | null;
  boardSerial: string | null;
  machineModel: string | null;
  /** ID5 (the machine's clock, read as Zagreb time), null when the file has none or it is no date. */
  auditedAt: Date | null;
  /** ID4's currency letters (or the numeric code's), null when absent. */
  currency: string | null;
  counters: MachineAuditCounters;
  products: ParsedProduct[];
  events: MachineAuditEvent[];
  /** Every segment between ST and SE (and the envelope's), in file order, known or not. */
  blocks: MachineAuditBlock[];
}

/**
 * A file refused: its checksum (G85) or segment count (SE) is wrong, or it is no EVA-DTS audit at all.
 * `line` is the 1-based line the problem is on; `code` one of the stable codes the API's 422 carries.
 */
export class EvaDtsError extends Error {
  constructor(
    readonly code: 'not_an_audit' | 'checksum_mismatch' | 'segment_count_mismatch' | 'malformed_segment',
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}
