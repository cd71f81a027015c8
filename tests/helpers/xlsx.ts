import ExcelJS from 'exceljs';

/** The first sheet of an XLSX, each row's values (exceljs's, from column 1; an empty row `[]`). */
export async function firstSheet(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  const out: unknown[][] = [];
  book.worksheets[0].eachRow({ includeEmpty: true }, (row, n) => {
    out[n - 1] = Array.from((row.values as unknown[]).slice(1), (v) => v ?? null);
  });
  return Array.from(out, (r) => r ?? []);
}
