import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writePdfTable, type PdfColumn, type PdfLayout } from '../../src/server/exports/pdf';
import { checkPdfReadable } from '../helpers/pdf';
import { formatFcfa } from '../../src/domain/money';

/** Writes a table and reads it back: its bytes and the layout the writer chose. */
async function table(
  columns: PdfColumn[],
  rows: Record<string, unknown>[],
  extra: { mark?: string; totals?: { label: string; keys: string[] } } = {},
) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const layout = (await writePdfTable(
    { title: 'Liste de test', prefix: 'test', columns, total: rows.length, rows, ...extra },
    out,
  )) as PdfLayout | undefined;
  return { bytes: Buffer.concat(chunks), layout };
}

// The assignments' columns and a bed of the demo's longest cité: the room and the cité were cut
// ('Chambre…', 'Cité universitaire Yeelba…') while the name columns stayed half empty (issue 21).
const ASSIGNMENT: PdfColumn[] = [
  { key: 'ine', label: 'INE' },
  { key: 'nom', label: 'Nom' },
  { key: 'prenom', label: 'Prénom(s)' },
  { key: 'sexe', label: 'Sexe', align: 'center' },
  { key: 'cite', label: 'Cité' },
  { key: 'batiment', label: 'Bâtiment' },
  { key: 'chambre', label: 'Chambre' },
  { key: 'lit', label: 'Lit' },
  { key: 'code', label: 'Code de vérification' },
];
const bed = (i: number) => ({
  ine: `N0000000${String(i).padStart(4, '0')}`,
  nom: i % 7 ? 'Ouédraogo' : 'Kaboré',
  prenom: i % 5 ? 'Awa' : 'Marie-Madeleine Wendkouni',
  sexe: 'F',
  cite: 'Cité universitaire Yeelba de Ouagadougou',
  batiment: 'Bâtiment A',
  chambre: `Chambre ${100 + i}`,
  lit: `Lit ${(i % 4) + 1}`,
  code: `K7Q2-${String(i).padStart(4, '0')}-ZP`,
});

describe('the PDF table writer sizes its columns by their content', () => {
  it('writes every cell whole on one line when the page can hold them (the assignments)', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => bed(i + 1));
    const { bytes } = await table(ASSIGNMENT, rows);
    const { pages, cut } = await checkPdfReadable(bytes, 'unit-affectations');
    expect(cut).toEqual([]);
    expect(pages.length).toBeGreaterThan(1);
    // One column per label, each text whole.
    expect(pages[0].edges).toHaveLength(ASSIGNMENT.length + 1);
    const all = pages.flatMap((p) => p.texts.map((t) => t.str));
    expect(all).toContain('Cité universitaire Yeelba de Ouagadougou');
    expect(all).toContain('Chambre 101');
    expect(all).toContain('Code de vérification');
  });

  it('wraps only the widest columns when the page cannot hold them, and cuts nothing', async () => {
    const long =
      'Cité universitaire internationale de Bobo-Dioulasso, pavillon des étudiants étrangers, aile nord';
    const columns: PdfColumn[] = [
      { key: 'a', label: 'Désignation complète' },
      { key: 'b', label: 'Adresse' },
      { key: 'n', label: 'N°', align: 'right' },
    ];
    const rows = Array.from({ length: 30 }, (_, i) => ({ a: long, b: `${long} ${i}`, n: i + 1 }));
    // A row after the sample, longer still, must not be cut either.
    const { bytes, layout } = await table(columns, rows);
    const { cut, pages } = await checkPdfReadable(bytes, 'unit-etroit');
    expect(cut).toEqual([]);
    expect(layout?.rowLines).toBeGreaterThan(1);
    // The short column keeps what it needs; the two long ones share the rest.
    expect(layout!.widths[2]).toBeLessThan(60);
    expect(pages[0].texts.some((t) => t.str.startsWith('Cité universitaire'))).toBe(true);
  });

  it('never cuts a word: the INE keeps its width when fourteen columns share the page', async () => {
    // The rent list's columns: the INE was split over two lines (« N2418783 / 3012 »).
    const labels = [
      'INE',
      'Nom',
      'Prénom(s)',
      'Cité',
      'Chambre',
      'Lit',
      'Loyer mensuel',
      'Loyer de l’année',
      'Dû à ce jour',
      'Payé',
      'Arriéré',
      'Reste à payer',
      'Trop-perçu à rembourser',
      'Annulée',
    ];
    // The amounts as the list writes them (a narrow no-break space between thousands), summed.
    const money = [6, 7, 8, 9, 10, 11, 12];
    const columns: PdfColumn[] = labels.map((label, i) => ({
      key: `c${i}`,
      label,
      ...(money.includes(i)
        ? { align: 'right' as const, format: (v: unknown) => formatFcfa(Number(v), { plain: true }) }
        : {}),
    }));
    const rows = Array.from({ length: 400 }, (_, i) => {
      const values = [
        `N2418783${String(3000 + i)}`,
        'Konditamdé',
        'Yassia Claudine',
        i % 2 ? 'Cité universitaire Fasotex' : 'Cité universitaire des 1\u00a0500 lits',
        `Chambre A-${100 + i}`,
        `Lit A-${100 + i}-2`,
        3500,
        35000,
        3500,
        0,
        3500,
        35000,
        0,
        '',
      ];
      return Object.fromEntries(values.map((v, k) => [`c${k}`, v]));
    });
    const { bytes } = await table(columns, rows, {
      totals: { label: 'Total', keys: money.map((i) => `c${i}`) },
    });
    const { cut, pages } = await checkPdfReadable(bytes, 'unit-mots');
    expect(cut).toEqual([]);
    // Every INE is read whole, on one line.
    const texts = pages[0].texts.map((t) => t.str.trim());
    for (const r of rows.slice(0, 5)) expect(texts).toContain(r.c0);
  });

  it('marks a preview on every page', async () => {
    const rows = Array.from({ length: 70 }, (_, i) => bed(i));
    const { bytes, layout } = await table(ASSIGNMENT, rows, { mark: 'Provisoire — aperçu non publié' });
    const { pages, cut } = await checkPdfReadable(bytes, 'unit-provisoire');
    expect(cut).toEqual([]);
    expect(pages.length).toBe(layout!.pages);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((p, i) => {
      const texts = p.texts.map((t) => t.str);
      expect(texts).toContain('Provisoire — aperçu non publié');
      expect(texts).toContain(`Page ${i + 1} / ${pages.length}`);
    });
  });
});
