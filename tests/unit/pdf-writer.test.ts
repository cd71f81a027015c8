import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PDF_ROWS_PER_PAGE, writePdfTable } from '../../src/server/exports/pdf';
import { readPdf } from '../helpers/pdf';

const TOTAL = PDF_ROWS_PER_PAGE * 400;

describe('the PDF table writer', () => {
  it('holds back the rows while nobody reads (a slow client), then writes every page', async () => {
    let taken = 0;
    async function* rows() {
      for (let i = 1; i <= TOTAL; i++) {
        taken = i;
        yield { n: i, nom: `Étudiant numéro ${i} avec un nom assez long pour remplir la cellule` };
      }
    }
    const out = new PassThrough();
    const writing = writePdfTable(
      {
        title: 'Liste de test',
        prefix: 'test',
        columns: [
          { key: 'n', label: 'N°', width: 1, align: 'right' },
          { key: 'nom', label: 'Nom', width: 6 },
        ],
        total: TOTAL,
        rows: rows(),
      },
      out,
    );
    // Nothing reads `out`: the writer must stop after a few pages instead of writing them all in memory.
    // Wait until it has started and then stopped taking rows for 200 ms (at most 10 s).
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let waited = 0, last = -1; waited < 10_000 && (taken === 0 || taken !== last); waited += 200) {
      last = taken;
      await sleep(200);
    }
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(TOTAL / 4);
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writing;
    expect(taken).toBe(TOTAL);
    const pdf = await readPdf(Buffer.concat(chunks));
    expect(pdf.pages).toHaveLength(400);
    expect(pdf.text).toContain(`Étudiant numéro ${TOTAL} avec`);
    expect(pdf.pages[399].lines.join(' ')).toContain('400 / 400');
  });
});
