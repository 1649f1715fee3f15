import { lessorStatement } from '@kovanica/contract';
import { apiRequest } from '../../lib/api.ts';
import { loadPdfMake } from '../../lib/pdfmake.ts';
import { type StatementInput, statementDocument, statementFileName } from './lessor-statement.ts';

/**
 * Reads the lessor's statement of `month` (`GET /lessors/{id}/statement`), builds its PDF in the
 * browser (decision 0018) and downloads it as `<stem>-<lessor>-<YYYY-MM>.pdf`. Loaded on the click,
 * with pdfmake and its fonts.
 */
export async function downloadStatement(
  lessorId: number,
  month: string,
  { language, t }: Omit<StatementInput, 'statement'>,
): Promise<void> {
  const [pdfMake, statement] = await Promise.all([
    loadPdfMake(),
    apiRequest(`/lessors/${lessorId}/statement`, { query: { month }, schema: lessorStatement }),
  ]);
  const stem = t('resources.lessors.statement.fileStem');
  await pdfMake
    .createPdf(statementDocument({ statement, language, t }))
    .download(`${statementFileName(stem, statement.lessor.name, month)}.pdf`);
}
