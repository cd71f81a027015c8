import { describe, expect, it } from 'vitest';
import { formatReference } from '../../src/domain/dossier';
import { GSM_BASIC, gsmSeptets, SMS_MAX_SEPTETS, toGsmBasic } from '../../src/domain/gsm';
import {
  placeCode,
  shortenName,
  SMS_CITE_MIN,
  SMS_VALUE_MAX,
  smsPlaceholders,
  smsText,
  smsTexts,
  smsWordings,
  type SmsKind,
  type SmsValue,
} from '../../src/domain/messages-sms';
import { normalisePhone } from '../../src/domain/phone';
import { SMS_NUMERO_REPONSE } from '../../src/domain/sms-answer';
import { CITES } from '../../src/server/seed/content/cites';

/**
 * Every SMS (docs/messages.md#sms) in the GSM 03.38 7-bit alphabet and within one SMS of 160
 * characters, filled with the longest real values (the seed's cités, bâtiments, rooms and beds; the
 * demo's references, dates and amounts) and with each value at its declared longest; the codes
 * whole, never cut; the accents the alphabet has, kept; no doubled word; no password, average or rank.
 */
const KINDS = Object.keys(smsTexts) as SmsKind[];

/** Letters a text may only take written another way (GSM lacks them). */
const NOT_GSM_FRENCH = /[êâîôûçœÊÂÎÔÛÇŒ’\u00a0]/;
/** A word written twice in a row (« chambre Chambre B-004 »). */
const DOUBLED = /\b([\p{L}]{2,})[\s,.:]+\1\b/iu;

// ---------------------------------------------------------------- the seed's housing, as loaded

/** The room and bed codes the loader makes (src/server/seed/housing.ts): `<bâtiment>-<niveau><nn>`, `<room>-<n>`. */
function seedPlaces() {
  return CITES.flatMap((cite) =>
    cite.batiments.map((b) => {
      const cat = cite.categories.find((k) => k.libelle === b.categorie)!;
      const last = b.couloirs.length * b.chambresParCouloir;
      const chambre = `${b.code}-${b.niveaux - 1}${String(last).padStart(2, '0')}`;
      return {
        cite: cite.nom,
        batiment: b.code,
        libelleBatiment: b.libelle,
        chambre,
        lit: `${chambre}-${cat.lits}`,
      };
    }),
  );
}

const PLACES = seedPlaces();

/** The demo's longest values of the other kinds (references of each direction, dates, amounts). */
const REAL: Record<Exclude<SmsValue, 'cite' | 'batiment' | 'chambre' | 'lit'>, string> = {
  ine: 'N01234567890123456789',
  reference: formatReference({ sigleDirection: 'CROUB', idDirection: 2 }, 2026, 12345),
  date: '31/12/2026 à 23:59',
  code: '012345',
  minutes: '15',
  montant: '1 250 000',
  solde: '1 250 000',
  numero: SMS_NUMERO_REPONSE,
};

const septets = (text: string) => {
  const n = gsmSeptets(text);
  expect(n, text).not.toBeNull();
  return n!;
};

function expectGuides(kind: SmsKind, values: Partial<Record<SmsValue, string>>) {
  const text = smsText(kind, values);
  expect(septets(text), text).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
  // Every value but the cité's name (a description) is in the text whole.
  for (const p of smsPlaceholders(kind).filter((x) => x !== 'cite'))
    expect(text, `${p} in ${text}`).toContain(toGsmBasic(values[p] ?? ''));
  expect(text).not.toMatch(DOUBLED);
  return text;
}

describe('SMS wordings', () => {
  it.each(KINDS)('%s is written in the GSM alphabet, with the French accents it has', (kind) => {
    for (const wording of smsWordings(kind)) {
      const bare = wording.replace(/\{\w+\}/g, '');
      // No character of the extension table (each counts double), no no-break space, no ’.
      expect([...bare].filter((c) => !GSM_BASIC.includes(c)).join(''), wording).toBe('');
      expect(bare).not.toMatch(NOT_GSM_FRENCH);
      expect(wording).not.toMatch(DOUBLED);
      // Words the alphabet can write with their accent are written with it.
      expect(wording, wording).not.toMatch(/\b(a payer|Detail|detail|recu|ref\.|depose|cree|ete|creee)\b/);
    }
  });

  it.each(KINDS)('%s holds no password, average, rank or score', (kind) => {
    for (const wording of smsWordings(kind))
      expect(wording).not.toMatch(/mot de passe\s*:|moyenne|rang|score|\/ ?20/i);
  });

  it.each(KINDS)('%s fits one SMS with every value at its declared longest, codes whole', (kind) => {
    for (const fillWith of ['W', 'é', 'Ouédraogo-']) {
      const values = Object.fromEntries(
        smsPlaceholders(kind).map((p) => [p, fillWith.repeat(SMS_VALUE_MAX[p]).slice(0, SMS_VALUE_MAX[p])]),
      );
      const text = smsText(kind, values);
      expect(septets(text), text).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
      for (const p of smsPlaceholders(kind).filter((x) => x !== 'cite')) expect(text).toContain(values[p]);
    }
  });

  it.each(KINDS)('%s fits one SMS with values the alphabet lacks or counts double', (kind) => {
    for (const fillWith of ['ê', 'Çœ’ ', '€[]{}']) {
      const values = Object.fromEntries(
        smsPlaceholders(kind).map((p) => [p, fillWith.repeat(SMS_VALUE_MAX[p]).slice(0, SMS_VALUE_MAX[p])]),
      );
      expect(septets(smsText(kind, values))).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    }
  });
});

describe('the bed SMS with the seed’s housing', () => {
  it.each(['AFFECTATION_LIT', 'DEPLACEMENT_LIT'] as const)(
    '%s: every cité’s longest room and bed, codes whole, the full wording',
    (kind) => {
      for (const place of PLACES) {
        const text = expectGuides(kind, place);
        // The cité's name whole, or without « universitaire »: never cut with the seed's names.
        expect([toGsmBasic(place.cite), toGsmBasic(place.cite).replace('universitaire ', '')]).toContainEqual(
          text.match(/(?:attribué|changé) : (.*?), batiment /)![1],
        );
        expect(text).toContain(`batiment ${place.batiment}, chambre ${place.chambre}, lit ${place.lit}.`);
        expect(text).toContain('Attestation sur votre tableau de bord.');
      }
    },
  );

  it('Espérance I and Espérance II stay apart, even when the codes leave little room', () => {
    const long = 'X'.repeat(SMS_VALUE_MAX.batiment);
    const codes = { batiment: long, chambre: `${long}`.slice(0, 30), lit: `${long}`.slice(0, 30) };
    const one = smsText('AFFECTATION_LIT', { cite: 'Cité universitaire Espérance I', ...codes });
    const two = smsText('AFFECTATION_LIT', { cite: 'Cité universitaire Espérance II', ...codes });
    expect(septets(one)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(septets(two)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(one).toMatch(/ I\.$/);
    expect(two).toMatch(/ II\.$/);
    expect(one).not.toBe(two);
    // A name too long for the room left: its head is cut, its number kept.
    const longOne = smsText('AFFECTATION_LIT', {
      cite: "Résidence universitaire Notre-Dame de l'Espérance I",
      ...codes,
    });
    const longTwo = smsText('AFFECTATION_LIT', {
      cite: "Résidence universitaire Notre-Dame de l'Espérance II",
      ...codes,
    });
    expect(septets(longTwo)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(longOne).toMatch(/, Résidence Notre-Dame[^,]*\. I\.$/);
    expect(longTwo).toMatch(/, Résidence Notre-Dame[^,]*\. II\.$/);
    const seedTwo = smsText('AFFECTATION_LIT', {
      cite: 'Cité universitaire Espérance II',
      batiment: 'B',
      chambre: 'B-012',
      lit: 'B-012-2',
    });
    expect(seedTwo).toBe(
      'CENOU : un lit vous est attribué : Cité universitaire Espérance II, batiment B, chambre B-012, lit B-012-2. Attestation sur votre tableau de bord.',
    );
  });

  it('a room or bed without a code is named by its label, without the word said before it', () => {
    expect(placeCode(null, 'Chambre B-004', 'chambre')).toBe('B-004');
    expect(placeCode('', 'Lit B-004-1', 'lit')).toBe('B-004-1');
    expect(placeCode('B-004', 'Chambre B-004', 'chambre')).toBe('B-004');
    expect(placeCode(null, 'Suite 12', 'chambre')).toBe('Suite 12');
    const text = smsText('AFFECTATION_LIT', {
      cite: 'Cité universitaire de Kossodo',
      batiment: 'A',
      chambre: placeCode(null, 'Chambre A-101', 'chambre'),
      lit: placeCode(null, 'Lit A-101-1', 'lit'),
    });
    expect(text).toContain('chambre A-101, lit A-101-1.');
    expect(text).not.toMatch(DOUBLED);
  });

  it('a name is shortened: « universitaire » first, then its head, its distinguishing last word kept', () => {
    expect(shortenName('Cité universitaire Espérance II', 40)).toBe('Cité universitaire Espérance II');
    expect(shortenName('Cité universitaire Espérance II', 20)).toBe('Cité Espérance II');
    expect(shortenName('Cité universitaire Espérance II', 14)).toBe('Cité Espér. II');
    expect(shortenName('Cité universitaire Espérance II', 14)!.length).toBeLessThanOrEqual(14);
    expect(shortenName('Cité universitaire de Larlé (filles)', 20)).toBe('Cité de La. (filles)');
    expect(shortenName('Cité universitaire de Kossodo', 13)).toBe('Cité de Koss.');
    expect(shortenName('Cité universitaire de Kossodo', SMS_CITE_MIN - 1)).toBeNull();
  });
});

describe('the SMS with the demo’s values', () => {
  it.each(KINDS.filter((k) => !k.endsWith('_LIT')))('%s: codes whole, within 160', (kind) => {
    expectGuides(kind, REAL);
  });

  it.each(['RESULTAT_ADMIS', 'RAPPEL_OFFRE', 'PROMOTION', 'DELAI_PROLONGE'] as const)(
    '%s says how to answer by SMS, with the real reference and the number',
    (kind) => {
      for (const sigle of ['OUA', 'CROUB', 'DIRECTIONREGIONALEXY']) {
        const reference = formatReference({ sigleDirection: sigle, idDirection: 1 }, 2026, 123);
        const text = expectGuides(kind, { ...REAL, reference });
        expect(text).toContain(`Répondez OUI ${reference} ou NON ${reference} au ${SMS_NUMERO_REPONSE}`);
      }
    },
  );

  it('the help SMS gives the reference it is given as its example', () => {
    const text = expectGuides('AIDE_REPONSE', { reference: 'KDG-2026-000042', numero: SMS_NUMERO_REPONSE });
    expect(text).toBe(
      `CENOU : pour répondre à une offre de logement, envoyez au ${SMS_NUMERO_REPONSE} OUI ou NON suivi du numéro de dossier, par exemple : OUI KDG-2026-000042`,
    );
  });

  it('the payment SMS keeps the accents the alphabet has', () => {
    const text = expectGuides('PAIEMENT_ENREGISTRE', {
      montant: '12 000',
      date: '05/11/2026',
      reference: 'MM-20261105-K7M2Q9TX',
      solde: '24 000',
    });
    expect(text).toBe(
      'CENOU : paiement de 12 000 FCFA enregistré le 05/11/2026 (réf. MM-20261105-K7M2Q9TX). Reste à payer : 24 000 FCFA. Détail sur votre espace.',
    );
  });
});

describe('the GSM alphabet', () => {
  it('keeps every accent of the basic set; folds the others; the extension table counts 2', () => {
    const kept = 'éèùìòÇØøÅåÄäÖöÑñÜüàÉÆæß';
    expect(toGsmBasic(kept)).toBe(kept);
    expect(gsmSeptets(kept)).toBe([...kept].length);
    expect(toGsmBasic('êôâïîûçÊ')).toBe('eoaiiucE');
    expect(gsmSeptets('€[]{}~^\\|')).toBe(18);
    expect(gsmSeptets('ê')).toBeNull();
  });

  it('writes the letters the alphabet lacks without their accent', () => {
    expect(toGsmBasic('Cité Kossodo, bâtiment Ô, chambre ç12 — « œil » l’été')).toBe(
      'Cité Kossodo, batiment O, chambre c12 - "oeil" l\'été',
    );
    expect(toGsmBasic('Cité « Chinoise »')).toBe('Cité "Chinoise"');
    expect(toGsmBasic('ABCDEFGH', 5)).toBe('ABCDE');
    expect(toGsmBasic('漢字')).toBe('??');
  });

  it('fills a text', () => {
    expect(smsText('CODE_MOT_DE_PASSE', { code: '012345', minutes: 15 })).toBe(
      'CENOU : votre code pour changer de mot de passe est 012345. Valable 15 minutes. Ne le donnez à personne.',
    );
  });
});

describe('phone numbers', () => {
  it.each([
    ['70 12 34 56', '+22670123456'],
    ['70-12-34-56', '+22670123456'],
    ['+226 70 12 34 56', '+22670123456'],
    ['0022670123456', '+22670123456'],
    ['22670123456', '+22670123456'],
    ['+225 07 08 09 10 11', '+2250708091011'],
    ['7012345', null],
    ['+226 7012345', null],
    ['pas un numéro', null],
    ['', null],
    [null, null],
  ])('%s → %s', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });
});
