import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PDF_ROWS_PER_PAGE, writePdfTable } from '../../src/server/exports/pdf';
import { readPdf } from '../helpers/pdf';
import { PATIENCE_MS, turns } from '../helpers/wait';

const TOTAL = PDF_ROWS_PER_PAGE * 400;

describe('the PDF table writer', () => {
  // Writing and reading back 400 pages takes seconds on a loaded machine: the limit is the work's.
  it(
    'holds back the rows while nobody reads (a slow client), then writes every page',
    { timeout: 4 * PATIENCE_MS },
    async () => {
      let taken = 0;
      async function* rows() {
        for (let i = 1; i <= TOTAL; i++) {
          taken = i;
          yield { n: i, nom: `Étudiant numéro ${i} avec un nom assez long pour remplir la cellule` };
        }
      }
      const out = new PassThrough();
      // The stream's backpressure, as the writer sees it: the first write `out` answers with false.
      let takenWhenFull = 0;
      const full = new Promise<void>((resolve) => {
        const write = out.write.bind(out) as (...args: unknown[]) => boolean;
        out.write = ((...args: unknown[]) => {
          const ok = write(...args);
          if (!ok && takenWhenFull === 0) {
            takenWhenFull = taken;
            resolve();
          }
          return ok;
        }) as typeof out.write;
      });
      const writing = writePdfTable(
        {
          title: 'Liste de test',
          prefix: 'test',
          columns: [
            { key: 'n', label: 'N°', align: 'right' },
            { key: 'nom', label: 'Nom' },
          ],
          total: TOTAL,
          rows: rows(),
        },
        out,
      );
      // Nothing reads `out`: once it is full, the writer must stop at the next page instead of
      // writing them all in memory. A writer that went on would take a page (or all of them) in
      // each of the event loop's turns offered here.
      await Promise.race([
        full,
        writing.then(() => {
          throw new Error('the writer finished while nobody read: it never met a full stream');
        }),
      ]);
      await turns(100);
      const stopped = taken;
      await turns(100);
      expect(taken).toBe(stopped);
      expect(taken).toBeGreaterThan(0);
      expect(taken).toBeLessThanOrEqual(takenWhenFull + 2 * PDF_ROWS_PER_PAGE);
      expect(taken).toBeLessThan(TOTAL / 4);
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      await writing;
      expect(taken).toBe(TOTAL);
      const pdf = await readPdf(Buffer.concat(chunks));
      expect(pdf.pages).toHaveLength(400);
      expect(pdf.text).toContain(`Étudiant numéro ${TOTAL} avec`);
      expect(pdf.pages[399].lines.join(' ')).toContain('400 / 400');
    },
  );
});
