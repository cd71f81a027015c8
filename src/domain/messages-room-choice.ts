/**
 * The catalogue's texts of the student's room-choice screen and of its card on the dashboard
 * (docs/room-choice.md#the-students-screen): a part of the one catalogue (docs/messages.md), in its
 * own module so that only the screens that show them load them. The texts the server answers with
 * stay in `messages.ts`. The same rules: no-break space (U+00A0) before : ; ! ?, the apostrophe ’.
 */
export const roomChoiceMessages = {
  choixTitre: 'Choisir ma chambre',
  choixIntro:
    'Une fois votre place acceptée, vous choisissez ici votre chambre pendant votre créneau, seul(e) ou avec un groupe d’amis. Les chambres libres de votre cité s’affichent à l’ouverture du créneau.',
  choixCarteTitre: 'Choix de la chambre',
  choixCarteOuvert: 'Votre créneau est ouvert jusqu’à la fin de la campagne, le {fin}.',
  choixCarteAVenir: 'Votre créneau s’ouvre le {debut}.',
  choixCarteLoge: 'Votre chambre est choisie.',
  choixCarteReservation:
    'Chambre réservée jusqu’à {heure}\u00a0: {chambre}. Confirmez ce choix avant, sinon elle sera libérée pour les autres.',
  choixCarteConfirmer: 'Confirmer ma chambre',
  choixCarteInvitation:
    'Une invitation à rejoindre un groupe d’amis vous attend : acceptez-la ou refusez-la.',
  choixOuvrir: 'Choisir ma chambre',
  choixVoir: 'Voir mon créneau',
  choixVoirLit: 'Voir mon lit',

  creneauTitre: 'Mon créneau',
  creneauDebut: 'Début du créneau',
  creneauFin: 'Fin de la campagne',
  creneauGroupe: 'Groupe',
  creneauSeul: 'Vous choisissez seul(e).',
  creneauGroupeEnFormation:
    'Groupe en formation\u00a0: {n} {n|invitation|invitations} en attente de réponse.',
  creneauChoixFait: 'Votre choix est fait\u00a0: votre lit vous est attribué (voir plus bas).',
  creneauGroupeDe: 'Avec {noms}',
  creneauOuvreDans: 'Votre créneau s’ouvre dans {duree}.',
  creneauOuvert: 'Votre créneau est ouvert\u00a0: choisissez votre chambre avant la fin de la campagne.',
  /** The slot open and a room held: what is left to do is to confirm it. */
  creneauReservation:
    'Vous avez réservé une chambre jusqu’à {heure}\u00a0: confirmez-la ci-dessous avant cette heure, sinon elle sera libérée.',
  creneauTermine: 'La campagne est terminée.',
  creneauGroupeAide:
    'Un groupe choisit au créneau le plus tardif de ses membres\u00a0: se grouper ne fait jamais passer personne plus tôt.',

  groupeTitre: 'Mon groupe d’amis',
  groupeAide:
    'Invitez jusqu’à 3 amis du même sexe, qui choisissent aussi leur chambre dans cette campagne, pour partager une chambre.',
  groupeIne: 'INE de l’ami {n}',
  groupeInviter: 'Inviter',
  groupeInvitationsEnvoyees: 'Vos invitations sont envoyées.',
  groupeInvitationRecue: 'Vous êtes invité(e) à rejoindre le groupe de {noms}.',
  groupeAccepter: 'Accepter',
  groupeRefuser: 'Refuser',
  groupeAccepte: 'Vous avez rejoint le groupe.',
  groupeRefuse: 'Vous avez refusé l’invitation.',
  groupeMembres: 'Membres du groupe',
  groupeQuitter: 'Quitter le groupe',
  groupeQuitterConfirmation:
    'Quitter le groupe\u00a0? Vous choisirez seul(e), à votre propre créneau, et le groupe continue sans vous.',
  groupeRester: 'Rester dans le groupe',
  groupeVous: '{nom} (vous)',
  groupeAucunInvite: 'Ajoutez au moins un INE.',

  choixCitesTitre: 'Les chambres libres',
  choixCite: 'Cité',
  choixAucuneChambre:
    'Aucune chambre de cette cité ne vous convient\u00a0: ses bâtiments sont réservés à l’autre sexe, ou elle n’a plus de chambre avec assez de lits libres pour vous (ou votre groupe). Essayez une autre cité.',
  choixCiteLitsAucun: 'aucun lit libre pour vous',
  choixCiteLitsUn: '1 lit libre pour vous',
  choixCiteLits: '{n} lits libres pour vous',
  choixAJour: 'La liste se met à jour toute seule.',
  choixBatiment: '{batiment}',
  choixChambre: 'Chambre {chambre}',
  choixNiveau: 'Niveau',
  choixCategorie: 'Catégorie',
  choixLitsLibres: 'Lits libres',
  choixLoyer: 'Loyer mensuel',
  choixReserver: 'Réserver',
  choixReserverChambre: 'Réserver la chambre {chambre}',
  choixBatimentChambres: '{chambres} chambres, {lits} lits libres',
  choixBatimentChambre: '1 chambre, {lits} lits libres',
  choixBatimentChambreLit: '1 chambre, 1 lit libre',
  choixAutresChambres: 'Voir les {n} autres chambres du bâtiment',
  choixAutreChambre: 'Voir l’autre chambre du bâtiment',
  choixPasEncore: 'Les chambres s’afficheront à l’ouverture de votre créneau.',

  reservationTitre: 'Ma réservation',
  reservationChambre: '{chambre}, {batiment}, {cite}',
  reservationLits: 'Lits réservés',
  reservationPourVous: 'pour vous',
  reservationTempsRestant: 'Temps restant',
  reservationTempsAnnonce: 'Il reste {duree} pour confirmer.',
  reservationAlerte:
    'Votre réservation se termine dans moins de 20 secondes. Prolongez-la pour garder cette chambre.',
  reservationProlonger: 'Prolonger',
  reservationProlongationsRestantes: 'Prolongations restantes\u00a0: {n}',
  reservationAucuneProlongation: 'Vous ne pouvez plus prolonger cette réservation.',
  reservationFinCampagne:
    'La campagne se termine à la fin de ce décompte\u00a0: la réservation ne peut plus être prolongée.',
  reservationAnnulerConfirmation: 'Annuler votre réservation\u00a0? Ses lits redeviennent libres pour tous.',
  reservationGarder: 'Garder ma réservation',
  reservationProlongee: 'Réservation prolongée.',
  reservationConfirmer: 'Confirmer ce choix',
  reservationAnnuler: 'Annuler la réservation',
  reservationExpiree: 'Votre réservation a expiré\u00a0: ses lits sont de nouveau libres.',
  reservationFaite: 'Chambre réservée\u00a0: confirmez avant la fin du décompte.',
  reservationConfirmee: 'Choix confirmé\u00a0: votre lit vous est attribué.',

  horsLigne:
    'Connexion perdue. Votre réservation reste valable jusqu’à la fin du décompte\u00a0; nous vérifierons où elle en est dès le retour du réseau.',
  retourTient: 'Connexion rétablie\u00a0: votre réservation tient toujours.',
  retourExpiree: 'Connexion rétablie\u00a0: votre réservation a expiré et ses lits sont libérés.',
  retourConfirmee: 'Connexion rétablie\u00a0: votre choix est confirmé.',

  logeTitre: 'Votre lit vous est attribué',
  logeTexte: 'Votre attestation d’hébergement et vos échéances de loyer sont prêtes.',
  logeAttestation: 'Télécharger mon attestation',
  logeEcheances: 'Voir mes échéances de loyer',
  logeTableau: 'Retour au tableau de bord',

  membreINVITE: 'Invitation envoyée',
  membreACCEPTE: 'Dans le groupe',
  membreREFUSE: 'A refusé',
  dureeSeconde: '1 seconde',
  dureeSecondes: '{n} secondes',
} as const;
