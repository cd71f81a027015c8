import { describe, expect, it } from 'vitest';
import {
  checkDepositEntries,
  formatReference,
  hasPdfMagic,
  hasPdfName,
  jsonDepositLimit,
  needsProof,
  proofRefusal,
  REFERENCE_PATTERN,
  safeDisplayName,
  type DepositType,
} from './dossier';

const types: DepositType[] = [
  {
    idTypeCritere: 1,
    obligatoire: true,
    listeCritere: [
      { idCritere: 10, obligatoire: true },
      { idCritere: 11, obligatoire: false },
    ],
  },
  { idTypeCritere: 2, obligatoire: false, listeCritere: [{ idCritere: 20, obligatoire: true }] },
  { idTypeCritere: 3, obligatoire: true, listeCritere: [{ idCritere: 30, obligatoire: false }] },
];

describe('deposit entries', () => {
  it('a complete deposit passes; an optional type may be left out', () => {
    expect(
      checkDepositEntries(types, [
        { idTypeCritere: 1, idCritere: 10, hasFile: true },
        { idTypeCritere: 3, idCritere: 30, hasFile: false },
      ]),
    ).toEqual([]);
    expect(
      checkDepositEntries(types, [
        { idTypeCritere: 1, idCritere: 11, hasFile: false },
        { idTypeCritere: 2, idCritere: null, hasFile: false },
        { idTypeCritere: 3, idCritere: 30, hasFile: false },
      ]),
    ).toEqual([]);
  });

  it('names each field: missing proof, unanswered mandatory type, criterion of another type, unknown or repeated type', () => {
    expect(
      checkDepositEntries(types, [
        { idTypeCritere: 1, idCritere: 10, hasFile: false },
        { idTypeCritere: 2, idCritere: 10, hasFile: true },
        { idTypeCritere: 9, idCritere: 90, hasFile: false },
        { idTypeCritere: 1, idCritere: 11, hasFile: false },
      ]),
    ).toEqual([
      { champ: 'listeDossierCritere.0.fichier', message: 'joindreFichiers' },
      { champ: 'listeDossierCritere.1.idCritere', message: 'critereHorsType' },
      { champ: 'listeDossierCritere.2.idTypeCritere', message: 'typeCritereInconnu' },
      { champ: 'listeDossierCritere.3.idTypeCritere', message: 'typeCritereEnDouble' },
      { champ: 'typeCritere.3', message: 'champsObligatoires' },
    ]);
    expect(
      checkDepositEntries(types, [{ idTypeCritere: 1, idCritere: null, hasFile: false }]),
    ).toContainEqual({
      champ: 'listeDossierCritere.0.idCritere',
      message: 'champsObligatoires',
    });
  });

  it('needsProof follows the chosen criterion', () => {
    expect(needsProof(types, 1, 10)).toBe(true);
    expect(needsProof(types, 1, 11)).toBe(false);
    expect(needsProof(types, 1, null)).toBe(false);
  });
});

describe('proofs', () => {
  const pdf = new TextEncoder().encode('%PDF-1.7\n');
  it('a name ending in .pdf, any case', () => {
    expect(hasPdfName('acte.pdf')).toBe(true);
    expect(hasPdfName('ACTE.PDF')).toBe(true);
    expect(hasPdfName('acte.pdf.exe')).toBe(false);
    expect(hasPdfName(null)).toBe(false);
  });

  it('bytes starting with %PDF-', () => {
    expect(hasPdfMagic(pdf)).toBe(true);
    expect(hasPdfMagic(new TextEncoder().encode('%PD'))).toBe(false);
    expect(hasPdfMagic(new TextEncoder().encode('Bonjour'))).toBe(false);
  });

  it('at most 3,000,000 bytes: 415 for a non-PDF, 413 for too large', () => {
    expect(proofRefusal({ name: 'a.pdf', size: 3_000_000, head: pdf })).toBeNull();
    expect(proofRefusal({ name: 'a.pdf', size: 3_000_001, head: pdf })).toMatchObject({
      code: 'FICHIER_TROP_GRAND',
      status: 413,
    });
    expect(proofRefusal({ name: 'a.txt', size: 10, head: pdf })).toMatchObject({ code: 'TYPE_FICHIER' });
    expect(proofRefusal({ name: 'a.pdf', size: 10, head: new TextEncoder().encode('texte') })).toMatchObject({
      code: 'TYPE_FICHIER',
      status: 415,
    });
    expect(proofRefusal({ name: 'a.pdf', size: 0, head: new Uint8Array() })).toMatchObject({
      code: 'TYPE_FICHIER',
    });
  });

  it('the display name loses path parts and control characters, keeps accents and spaces', () => {
    expect(safeDisplayName('../../etc/Relevé  de notes\u0007.pdf')).toBe('Relevé de notes.pdf');
    expect(safeDisplayName('C:\\Users\\Awa\\Acte de naissance.PDF')).toBe('Acte de naissance.PDF');
    expect(safeDisplayName('\u202Egnp.pdf')).toBe('gnp.pdf');
    expect(safeDisplayName('...')).toBe('justificatif.pdf');
    expect(safeDisplayName('')).toBe('justificatif.pdf');
    const long = safeDisplayName(`${'é'.repeat(300)}.pdf`);
    expect(long).toHaveLength(150);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('reference numbers', () => {
  it('sigle, year, six digits at least', () => {
    expect(formatReference({ sigleDirection: 'OUA', idDirection: 1 }, 2026, 123)).toBe('OUA-2026-000123');
    expect(formatReference({ sigleDirection: 'Bobo é', idDirection: 2 }, 2026, 1_234_567)).toBe(
      'BOBOE-2026-1234567',
    );
    expect(formatReference({ sigleDirection: null, idDirection: 7 }, 2027, 1)).toBe('D7-2027-000001');
    expect(REFERENCE_PATTERN.test('OUA-2026-000123')).toBe(true);
  });

  it('JSON body limit: 4.1 MB per proof + 1 MB', () => {
    expect(jsonDepositLimit(0)).toBe(1_048_576);
    expect(jsonDepositLimit(2)).toBe(1_048_576 + 8_200_000);
  });
});
