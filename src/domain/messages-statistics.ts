/**
 * The catalogue's texts of the agency's statistics (docs/statistics.md): the page `/statistiques`
 * and the sheets of its workbook, a part of the one catalogue (docs/messages.md) in its own module.
 * The same rules: no-break space (U+00A0) before : ; ! ?, the apostrophe ’.
 */
export const statisticsMessages = {
  titre: 'Statistiques',
  intro:
    'L’activité de l’agence d’une année académique à l’autre\u00a0: les demandes et les admissions de chaque direction, l’occupation des lits, les délais et les arriérés de chaque cité.',
  anneeDebut: 'Depuis l’année',
  anneeFin: 'Jusqu’à l’année',
  direction: 'Direction',
  toutesDirections: 'Toutes les directions',
  exporter: 'Exporter (XLSX)',
  aucuneDonnee: 'Aucune donnée pour ces années.',
  enCoursCalcule:
    'Chiffres de l’année en cours calculés à {heure}\u00a0; ils sont recalculés après {minutes}\u00a0minutes, ou dès qu’un dossier, une attribution ou un paiement change.',
  // The families and their sheets in the workbook.
  demandesTitre: 'Demandes, admissions et renonciations',
  demandesFeuille: 'Demandes',
  occupationTitre: 'Occupation des lits par mois',
  occupationFeuille: 'Occupation',
  occupationAide:
    'Part des lits occupés chaque mois, jour par jour (en %). Un mois pas encore commencé est vide\u00a0; août et septembre le sont toujours (cités fermées).',
  occupationGraphique:
    'Le graphique trace une courbe par année\u00a0: la moyenne des cités affichées, pondérée par leurs lits. Le tableau donne chaque cité.',
  delaisTitre: 'Délais et arriérés',
  delaisFeuille: 'Délais et arriérés',
  delaisAide:
    'Délai médian pour redonner un lit libéré en cours d’année (parmi les lits redonnés\u00a0; ceux qui attendent encore sont comptés à part), part des échéances de loyer échues restée impayée (une dégradation facturée au départ n’est pas du loyer), délai médian de résolution des réparations.',
  admisAide:
    '«\u00a0Admis\u00a0» compte chaque étudiant admis par la délibération ou par une liste chargée, qu’il ait accepté, refusé ou pas encore répondu\u00a0; «\u00a0Renonciations\u00a0» ceux d’entre eux dont l’admission a pris fin. C’est pourquoi ce nombre dépasse les «\u00a0Étudiants listés\u00a0» de la liste des admissibles, qui ne comptent plus ceux dont l’offre a été refusée.',
  tableauEquivalent: 'Les mêmes chiffres en tableau',
  directionSansDemande: 'Aucune demande sur ces années, donc absente du tableau\u00a0: {directions}.',
  directionsSansDemande: 'Aucune demande sur ces années, donc absentes du tableau\u00a0: {directions}.',
  // Columns.
  colonneDirection: 'Direction',
  colonneCite: 'Cité',
  colonneAnnee: 'Année académique',
  colonneDemandes: 'Demandes',
  colonneAdmis: 'Admis',
  colonneRenonciations: 'Renonciations',
  colonneLits: 'Lits',
  colonneReattribution: 'Réattribution d’un lit libéré (jours, médiane)',
  colonneEnAttente: 'Lits libérés pas encore redonnés',
  colonneArrieres: 'Part du loyer en arriéré (%)',
  colonneIntervention: 'Résolution d’une réparation (heures, médiane)',
  colonneMoyenne: 'Moyenne',
  nonMesure: '—',
  // Months, October first (the academic year's order).
  mois: [
    'Octobre',
    'Novembre',
    'Décembre',
    'Janvier',
    'Février',
    'Mars',
    'Avril',
    'Mai',
    'Juin',
    'Juillet',
    'Août',
    'Septembre',
  ],
  moisCourts: [
    'oct.',
    'nov.',
    'déc.',
    'janv.',
    'févr.',
    'mars',
    'avr.',
    'mai',
    'juin',
    'juil.',
    'août',
    'sept.',
  ],
  exportTitre: 'Statistiques de l’hébergement — années académiques {debut} à {fin}',
  exportTitreUneAnnee: 'Statistiques de l’hébergement — année académique {annee}',
  exportDirection: 'Direction\u00a0: {direction}',
  exportToutesDirections: 'Toutes les directions',
  exportCalculeLe: 'Calculé le {date} à {heure} (heure de Ouagadougou).',
  exportEnCoursCalcule:
    'Chiffres de l’année en cours calculés le {date} à {heure}\u00a0; ils sont recalculés après {minutes}\u00a0minutes, ou dès qu’un dossier, une attribution ou un paiement change.',
} as const;

/** The workbook's title: one academic year said in the singular, several as a range. */
export function statisticsExportTitle(debut: string, fin: string): string {
  return debut === fin
    ? statisticsMessages.exportTitreUneAnnee.replace('{annee}', debut)
    : statisticsMessages.exportTitre.replace('{debut}', debut).replace('{fin}', fin);
}

/** The sentence naming the directions left out of the requests' table (none: null). */
export function idleDirectionsSentence(idle: readonly string[]): string | null {
  if (idle.length === 0) return null;
  const text =
    idle.length === 1 ? statisticsMessages.directionSansDemande : statisticsMessages.directionsSansDemande;
  return text.replace('{directions}', idle.join(', '));
}
