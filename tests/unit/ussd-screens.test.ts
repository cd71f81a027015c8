import { describe, expect, it } from 'vitest';
import { gsmSeptets } from '../../src/domain/gsm';
import {
  ussdAnswer,
  ussdDossierEtat,
  ussdTexts,
  withoutPlaceWord,
  USSD_MAX_SEPTETS,
  USSD_VALUE_MAX,
  type UssdScreen,
  type UssdValue,
} from '../../src/domain/messages-ussd';
import { resumable, ussdInputs, walkUssd } from '../../src/domain/ussd';

/**
 * The USSD screens (docs/ussd.md): each one, prefix included, after « Choix invalide. » too, with
 * every value at its declared longest (and beyond, and in letters outside the GSM alphabet), holds
 * at most 182 GSM characters; the walk over the inputs.
 */

const screens = Object.keys(ussdTexts) as UssdScreen[];
const longest = (fill: string) =>
  Object.fromEntries(
    (Object.keys(USSD_VALUE_MAX) as UssdValue[]).map((k) => [k, fill.repeat(USSD_VALUE_MAX[k] + 20)]),
  );

describe('every USSD screen fits', () => {
  for (const fill of ['W', 'ê', 'Ç', '€']) {
    it(`values of « ${fill} » at their longest and beyond`, () => {
      for (const screen of screens)
        for (const invalide of [false, true]) {
          const text = ussdAnswer(screen, longest(fill), { invalide });
          const n = gsmSeptets(text);
          expect(n, text).not.toBeNull();
          expect(n!, `${screen}: ${text}`).toBeLessThanOrEqual(USSD_MAX_SEPTETS);
          expect(text).toMatch(ussdTexts[screen].fin ? /^END / : /^CON /);
          expect(text, 'no placeholder left').not.toMatch(/\{\w+\}/);
        }
    });
  }

  it('a cité too long is shortened, codes kept whole', () => {
    const text = ussdAnswer(
      'LOGEMENT',
      {
        annee: '2026-2027',
        cite: 'Cité universitaire internationale de Ouagadougou Kossodo Extension II',
        batiment: 'A'.repeat(30),
        chambre: 'B'.repeat(30),
        lit: 'C'.repeat(30),
      },
      { invalide: true },
    );
    expect(text).toContain('A'.repeat(30));
    expect(text).toContain('Lit ' + 'C'.repeat(30));
    expect(text).toMatch(/\nCité .+\.\nBatiment /);
  });
});

describe('the walk over the inputs', () => {
  it('splits the operator’s text', () => {
    expect(ussdInputs('')).toEqual([]);
    expect(ussdInputs('2*1*1')).toEqual(['2', '1', '1']);
  });

  it('menu, back, an input not taken, an answer confirmed', () => {
    const offre = { reprise: null, offre: true };
    expect(walkUssd([], offre)).toEqual({ etat: 'MENU', invalide: false, reponse: null });
    expect(walkUssd(['1', '0', '4'], offre).etat).toBe('LOGEMENT');
    expect(walkUssd(['9'], offre)).toEqual({ etat: 'MENU', invalide: true, reponse: null });
    expect(walkUssd(['9', '3'], offre)).toEqual({ etat: 'LOYER', invalide: false, reponse: null });
    expect(walkUssd(['2', '2', '0', '1', '1'], offre).reponse).toBe('ACCEPTE');
    expect(walkUssd(['2', '2', '1'], offre).reponse).toBe('REFUSE');
    // Without an offer, its screen takes only « 0 ».
    expect(walkUssd(['2', '1'], { reprise: null, offre: false })).toEqual({
      etat: 'OFFRE',
      invalide: true,
      reponse: null,
    });
  });

  it('a resumed session starts on REPRISE: 1 where the cut one stood, 2 the menu', () => {
    expect(walkUssd([], { reprise: 'LOYER', offre: false }).etat).toBe('REPRISE');
    expect(walkUssd(['1'], { reprise: 'LOYER', offre: false }).etat).toBe('LOYER');
    expect(walkUssd(['2'], { reprise: 'LOYER', offre: false }).etat).toBe('MENU');
    expect(walkUssd(['1', '1'], { reprise: 'CONFIRMER_ACCEPTE', offre: true }).reponse).toBe('ACCEPTE');
    expect(resumable('MENU', null)).toBeNull();
    expect(resumable('REPRISE', 'OFFRE')).toBe('OFFRE');
    expect(resumable('LOGEMENT', null)).toBe('LOGEMENT');
  });
});

describe('the text of each screen', () => {
  const values = {
    reference: 'KDG-2026-000123',
    annee: '2026-2027',
    date: '05/12/2026 à 18:00',
    etat: ussdDossierEtat('ADMIS', 'EN_ATTENTE'),
    cite: 'Cité universitaire de Koudougou',
    batiment: 'Bâtiment des garçons',
    chambre: 'Chambre 12',
    lit: 'Lit 2',
    montant: '5 000 FCFA',
    solde: '45 000 FCFA',
    arriere: '0 FCFA',
  };
  const expected: Record<UssdScreen, string> = {
    MENU: "CON CENOU Logement\n1 Mon dossier\n2 Répondre à l'offre\n3 Mon loyer\n4 Mon logement\n0 Quitter",
    AU_REVOIR: "END Merci d'avoir utilisé le menu du CENOU. Au revoir.",
    REPRISE: 'CON Votre session précédente a été coupée.\n1 Reprendre\n2 Menu principal',
    DOSSIER:
      'CON Dossier KDG-2026-000123\nSession 2026-2027\nÉtat : Admis, offre : en attente de réponse\n0 Retour',
    DOSSIER_OFFRE:
      "CON Dossier KDG-2026-000123\nSession 2026-2027\nÉtat : Admis, offre : en attente de réponse\nRépondez à l'offre avant le 05/12/2026 à 18:00 (menu 2).\n0 Retour",
    DOSSIER_AUCUN:
      "CON Vous n'avez aucun dossier de logement. Déposez-le sur le site du CENOU quand la session est ouverte.\n0 Retour",
    OFFRE:
      'CON Une place vous est offerte (dossier KDG-2026-000123).\nRépondez avant le 05/12/2026 à 18:00.\n1 Accepter\n2 Refuser\n0 Retour',
    OFFRE_AUCUNE: "CON Aucune offre n'attend votre réponse.\n0 Retour",
    OFFRE_DELAI_PASSE:
      "CON Dossier KDG-2026-000123 : le délai pour répondre à l'offre est passé (05/12/2026 à 18:00).\n0 Retour",
    CONFIRMER_ACCEPTE:
      'CON Vous acceptez la place du dossier KDG-2026-000123 ?\n1 Oui, je confirme\n0 Retour',
    CONFIRMER_REFUSE:
      'CON Vous refusez la place du dossier KDG-2026-000123 ? Elle sera proposée à un autre étudiant.\n1 Oui, je refuse\n0 Retour',
    REPONSE_ACCEPTEE:
      'END Votre acceptation de la place (dossier KDG-2026-000123) est enregistrée. Un SMS vous la confirme.',
    REPONSE_REFUSEE:
      'END Votre refus de la place (dossier KDG-2026-000123) est enregistré. Un SMS vous le confirme.',
    REPONSE_HORS_DELAI:
      "END Réponse non enregistrée : le délai pour répondre à l'offre du dossier KDG-2026-000123 est passé.",
    REPONSE_DEJA_DONNEE:
      "END Réponse non enregistrée : l'offre du dossier KDG-2026-000123 a déjà une réponse ou n'est plus valable.",
    REPONSE_IMPOSSIBLE:
      "END Réponse non enregistrée : aucune offre du dossier KDG-2026-000123 n'attend votre réponse.",
    LOYER:
      'CON Loyer Cité universitaire de Koudougou\nReste à payer : 45 000 FCFA\nEn retard : 0 FCFA\nProchaine échéance : 5 000 FCFA le 05/12/2026 à 18:00\n0 Retour',
    LOYER_SANS_ECHEANCE:
      'CON Loyer Cité universitaire de Koudougou\nReste à payer : 45 000 FCFA\nEn retard : 0 FCFA\nAucune échéance à venir.\n0 Retour',
    LOYER_AUCUN: "CON Vous n'avez pas de loyer : aucun lit ne vous est attribué.\n0 Retour",
    // Each word once; â and ç written without their accent (not in the GSM alphabet).
    LOGEMENT:
      'CON Logement 2026-2027\nCité universitaire de Koudougou\nBatiment des garcons\nChambre 12\nLit 2\n0 Retour',
    LOGEMENT_AUCUN: 'CON Aucun lit ne vous est attribué pour le moment.\n0 Retour',
    INCONNU:
      "END Ce numéro n'est lié à aucun étudiant. Inscrivez-vous sur le site du CENOU avec votre INE, puis vérifiez ce numéro dans votre profil.",
    INDISPONIBLE: 'END Service momentanément indisponible. Réessayez dans quelques minutes.',
  };
  for (const screen of screens)
    it(screen, () => {
      expect(ussdAnswer(screen, values)).toBe(expected[screen]);
    });

  it('writes a bâtiment, room or bed code after its word, the word once', () => {
    expect(withoutPlaceWord('Chambre 12', 'Chambre')).toBe('12');
    expect(withoutPlaceWord('chambre  B-001', 'Chambre')).toBe('B-001');
    expect(withoutPlaceWord('Lit - 2', 'Lit')).toBe('2');
    expect(withoutPlaceWord('Bâtiment A', 'Batiment')).toBe('A');
    // A label that does not begin with the word, or is the word alone, stays whole.
    expect(withoutPlaceWord('Pavillon B (filles)', 'Batiment')).toBe('Pavillon B (filles)');
    expect(withoutPlaceWord('Litière', 'Lit')).toBe('Litière');
    expect(withoutPlaceWord('Chambre', 'Chambre')).toBe('Chambre');
    expect(withoutPlaceWord('12', 'Chambre')).toBe('12');
  });

  it('0 Quitter on the main menu ends the walk; elsewhere 0 goes back', () => {
    expect(walkUssd(['0'], { reprise: null, offre: false })).toEqual({
      etat: 'MENU',
      invalide: false,
      reponse: null,
      quitte: true,
    });
    expect(walkUssd(['4', '0'], { reprise: null, offre: false }).etat).toBe('MENU');
    expect(walkUssd(['4', '0', '0'], { reprise: null, offre: false }).quitte).toBe(true);
  });
});
