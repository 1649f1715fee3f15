import { z } from 'zod';
import { zIri } from '../api.ts';
import { zDate } from '../validation.ts';

/**
 * Planograms and audit sales (docs/rules.md "Planograms and audit sales"). A device's **planogram**
 * says which article each selection of the machine holds (`GET`/`PATCH /devices/{id}/planogram`):
 * reading it needs `devices.read`, writing it `devices.update` and a manager's or admin's role (the
 * devices' field rule `planogram`). The machine's audits (EVA-DTS, `machine-audits`) count each
 * selection's paid vends; the sales between two audits of a device become stock movements of kind
 * `sale` of the selection's article, and the **product sales report** adds them up per article.
 */

/** The longest selection name, and the most selections one device's planogram holds. */
export const PLANOGRAM_SELECTION_MAX_CHARS = 10;
export const PLANOGRAM_MAX_SELECTIONS = 200;
/** The longest range of the product sales report, in days. */
export const PRODUCT_SALES_MAX_DAYS = 366;

/** One selection of a planogram as read: the article it holds. */
export const planogramSelection = z.object({
  /** The selection as the machine's audit names it (PA101: "11", "A3"). */
  selection: z.string(),
  article: z.string(),
  articleName: z.string(),
});
export type PlanogramSelection = z.infer<typeof planogramSelection>;

/** `GET /devices/{id}/planogram`: the device's selections in the machine's order (by selection name, numbers as numbers). */
export const planogram = z.object({
  '@id': z.string(),
  '@type': z.literal('Planogram'),
  device: z.string(),
  company: z.string(),
  selections: z.array(planogramSelection),
  /** When it was last changed; null: the device has no planogram. */
  updatedAt: z.string().nullable(),
});
export type Planogram = z.infer<typeof planogram>;

/**
 * `PATCH /devices/{id}/planogram` (a merge-patch: its `selections` replace the list whole, RFC 7396):
 * the whole planogram, replacing the one there was (an empty list clears it; no `selections`, as in
 * `{}`, changes nothing). Each selection's name (1–10 characters, trimmed) once; each article of the device's company.
 */
export const planogramUpdate = z
  .strictObject({
    selections: z
      .array(
        z.strictObject({
          selection: z.string().trim().min(1).max(PLANOGRAM_SELECTION_MAX_CHARS),
          article: zIri('articles'),
        }),
      )
      .max(PLANOGRAM_MAX_SELECTIONS)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.selections?.forEach((s, i) => {
      if (seen.has(s.selection)) ctx.addIssue({ code: 'custom', message: 'unique', path: ['selections', i, 'selection'] });
      seen.add(s.selection);
    });
  });
export type PlanogramUpdate = z.infer<typeof planogramUpdate>;

/**
 * `GET /reports/product-sales?from&to[&device][&company]` (`finance.read`): the paid vends of the
 * audits whose later audit falls on a day of the range (Zagreb days), per article of the device's
 * planogram; selections the planogram does not map are listed per device.
 */
export const productSalesQuery = z.strictObject({
  from: zDate(),
  to: zDate(),
  /** A device's IRI: its audits only. */
  device: z.string().optional(),
  /** The All Companies view's company filter. */
  company: z.string().optional(),
  client: z.string().optional(),
});
export type ProductSalesQuery = z.infer<typeof productSalesQuery>;

/** An article's sales in the range: vends, and their value at the audits' selection prices. */
export const productSalesRow = z.object({
  article: z.string(),
  articleName: z.string(),
  vends: z.number().int(),
  valueCents: z.number().int(),
});
export type ProductSalesRow = z.infer<typeof productSalesRow>;

/** A selection a device sold from that its planogram maps to no article. */
export const productSalesUnmapped = z.object({
  device: z.string(),
  deviceName: z.string(),
  selection: z.string(),
  vends: z.number().int(),
  valueCents: z.number().int(),
});
export type ProductSalesUnmapped = z.infer<typeof productSalesUnmapped>;

export const productSalesReport = z.object({
  '@id': z.string(),
  '@type': z.literal('ProductSalesReport'),
  from: z.string(),
  to: z.string(),
  /** Most vends first, then by name. */
  rows: z.array(productSalesRow),
  unmapped: z.array(productSalesUnmapped),
  /** The spans counted: audits in the range with an earlier audit of the same machine. */
  spans: z.number().int(),
  /** Every vend of the rows and the unmapped selections. */
  totals: z.object({ vends: z.number().int(), valueCents: z.number().int() }),
});
export type ProductSalesReport = z.infer<typeof productSalesReport>;
