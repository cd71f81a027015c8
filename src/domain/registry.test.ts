import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, detectSeparator, parseCsv } from './csv-table';
import { messages } from './messages';
import {
  checkRegistryFile,
  maskEmail,
  maskKeepLast4,
  parseBirthDate,
  parseDate,
  REGISTRY_COLUMNS,
  registrationSchema,
  registryTemplateCsv,
  type VilleRef,
} from './registry';

const VILLES: VilleRef[] = [
  { idVille: 1, nomVille: 'Ouagadougou', cleVille: 'ouagadougou' },
  { idVille: 3, nomVille: 'Bobo-Dioulasso', cleVille: 'bobodioulasso' },
];

describe('CSV reading', () => {
  it('chooses the separator from the header line', () => {
    expect(detectSeparator('a;b;c\n1,2;3')).toBe(';');
    expect(detectSeparator('a,b,c\n1;2;3')).toBe(',');
    expect(detectSeparator('"a;b",c,d')).toBe(',');
  });

  it('reads quotes, doubled quotes, separators and line breaks inside quotes, CRLF, blank lines', () => {
    const { records, error } = parseCsv('a;b\r\n"x;1";"dit ""oui"""\r\n\r\n;;\n"deux\nlignes";z\n');
    expect(error).toBeUndefined();
    expect(records).toEqual([
      { ligne: 1, cells: ['a', 'b'] },
      { ligne: 2, cells: ['x;1', 'dit "oui"'] },
      { ligne: 5, cells: ['deux\nlignes', 'z'] },
    ]);
  });

  it('reports a quote left open', () => {
    expect(parseCsv('a;b\n"x;y\n').error).toMatchObject({ ligne: 2, message: messages.csvGuillemets });
  });

  it('decodes UTF-8 with or without BOM, Windows-1252, and refuses binary', () => {
    expect(decodeCsvBytes(Buffer.from('\uFEFFKéré;x', 'utf8'))).toBe('Kéré;x');
    expect(decodeCsvBytes(Buffer.from('Kéré;x', 'latin1'))).toBe('Kéré;x');
    expect(decodeCsvBytes(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toBeNull();
  });
});

describe('values', () => {
  it('reads dates as YYYY-MM-DD or DD/MM/YYYY, refusing impossible ones', () => {
    expect(parseDate('2004-03-12')).toBe('2004-03-12');
    expect(parseDate('12/03/2004')).toBe('2004-03-12');
    expect(parseDate('1/3/2004')).toBe('2004-03-01');
    expect(parseDate('29/02/2003')).toBeNull();
    expect(parseDate('2004-13-01')).toBeNull();
    expect(parseDate('12-03-2004')).toBeNull();
    expect(parseBirthDate('01/01/1899')).toBeNull();
    expect(parseBirthDate('2999-01-01')).toBeNull();
  });

  it('masks all but the last 4 characters', () => {
    expect(maskKeepLast4('70112233')).toBe('****2233');
    expect(maskKeepLast4('abc')).toBe('***');
    expect(maskKeepLast4(null)).toBeNull();
    expect(maskKeepLast4('')).toBeNull();
  });

  it('hints an e-mail by its first letter and its whole domain, never its length', () => {
    expect(maskEmail('awa.ouedraogo@gmail.com')).toBe('a*****@gmail.com');
    expect(maskEmail('b@exemple.bf')).toBe('b*****@exemple.bf');
    expect(maskEmail('sans-arobase')).toBe('********base');
    expect(maskEmail(null)).toBeNull();
    expect(maskEmail(' ')).toBeNull();
  });
});

describe('registry file', () => {
  it('accepts the template', () => {
    const { rows, errors } = checkRegistryFile(registryTemplateCsv().replace(/^\uFEFF/, ''), VILLES);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ligne: 2,
      ine: 'N01234567890',
      dateNaissance: '2004-03-12',
      moyenneBac: 13.5,
      idVille: 1,
    });
  });

  it('names each bad field with its line, the header being line 1', () => {
    const header = REGISTRY_COLUMNS.join(';');
    const good = 'N01234567890;Ouédraogo;Awa;F;12/03/2004;;;;;;;Ouagadougou;;;;;;NATIONAL';
    const bad = 'N0123;;Awa;Z;2004-02-30;;abc;x@;;;;Paris;2024-2026;19;;25;;AILLEURS';
    const { rows, errors } = checkRegistryFile(`${header}\n${good}\n${bad}\n`, VILLES);
    expect(rows).toEqual([]);
    expect(errors.map((e) => `${e.ligne}:${e.champ}`)).toEqual([
      '3:ine',
      '3:nomEtudiant',
      '3:sexeEtudiant',
      '3:dateNaissance',
      '3:telEtudiant',
      '3:emailEtudiant',
      '3:anneeAcademique',
      '3:anneeBac',
      '3:moyenneBac',
      '3:typePays',
      '3:villeOrientation',
    ]);
  });
});

describe('registration form', () => {
  const ok = {
    ine: 'n01234567890',
    dateNaissance: '12/03/2004',
    emailEtudiant: 'awa@exemple.bf',
    personnelBesoin: 'Ouédraogo Salif',
    contact: '70 00 00 01',
    engagementStatutReglement: true,
    engagementPersonnelCaution: true,
    declarationSurHonneur: true,
    luApprouve: true,
  };

  it('normalises the INE and the date', () => {
    const parsed = registrationSchema.parse(ok);
    expect(parsed).toMatchObject({ ine: 'N01234567890', dateNaissance: '2004-03-12' });
  });

  it('requires each engagement to be ticked and each field to be given', () => {
    const parsed = registrationSchema.safeParse({ ...ok, luApprouve: 'true', contact: ' ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['contact', messages.champObligatoire],
      ['luApprouve', messages.caseACocher],
    ]);
  });
});
