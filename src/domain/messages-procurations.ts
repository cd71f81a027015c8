/**
 * The catalogue's texts of the procurations' screens (docs/procurations.md): the student's page
 * « Procurations » and the helper's page /aide. A part of the one catalogue (docs/messages.md), in
 * its own module so that only these screens load them. The same rules: no-break space (U+00A0)
 * before : ; ! ?, the apostrophe ’.
 */
export const procurationMessages = {
  procurationsIntro:
    'Une personne de confiance (un parent, un cybercafé) peut faire une seule tâche pour vous, quelques heures, sans votre mot de passe. Vous lui donnez votre INE et un code, valable pour une seule connexion.',
  procurationNouvelle: 'Donner une procuration',
  champTache: 'Tâche confiée',
  champDuree: 'Durée (heures)',
  dureeAide: 'De 1 à 24 heures. La session de l’aidant dure une heure au plus.',
  tacheDEPOT: 'Préparer mon dossier (brouillon)',
  tachePAIEMENT: 'Payer mon loyer',
  donner: 'Créer le code',
  codeTitre: 'Code à transmettre',
  codeUneFois: 'Ce code ne sera plus jamais affiché. Notez-le maintenant.',
  codeComment:
    'Donnez à la personne qui vous aide votre INE ({ine}) et ce code, de vive voix ou par SMS. Elle les saisit sur la page {adresse}. Le code vaut jusqu’au {fin}, pour une seule connexion.',
  codeFermer: 'J’ai noté le code',
  listeTitre: 'Mes procurations',
  colTache: 'Tâche',
  colEtat: 'État',
  colCreee: 'Créée le',
  colFin: 'Fin',
  colUtilisee: 'Utilisation',
  utiliseeDepuis: 'le {date}, depuis l’adresse Internet {adresse}',
  utiliseeLe: 'le {date}',
  pasEncoreUtilisee: 'Pas encore utilisée',
  jamaisUtilisee: 'Jamais utilisée',
  etatACTIVE: 'Active',
  etatUTILISEE: 'Utilisée',
  etatREVOQUEE: 'Révoquée',
  etatEXPIREE: 'Expirée',
  revoquer: 'Révoquer',
  revoquerDe: 'Révoquer la procuration n°\u00a0{id}',
  revoquerTitre: 'Révoquer la procuration\u00a0?',
  revoquerTexte:
    'Son code ne vaudra plus, et la session d’un aidant déjà connecté prendra fin tout de suite.',
  annuler: 'Annuler',
  brouillonTitre: 'Brouillon préparé par un aidant',
  brouillonAucun: 'Aucun brouillon de dossier en attente.',
  brouillonDe: 'Enregistré le {date}{qui}.',
  brouillonQui: ' par la procuration n°\u00a0{id}, depuis {adresse}',
  brouillonCriteres:
    '{n} {n|critère renseigné|critères renseignés}, {p} {p|justificatif joint|justificatifs joints}.',
  brouillonDeposer:
    'Vérifiez-le, puis déposez-le vous-même. Vous pouvez aussi envoyer par SMS DEPOT suivi de votre INE depuis votre numéro.',
  brouillonDepose: 'Votre dossier {reference} est déposé.',
  // The helper's page /aide.
  aideIntro:
    'Saisissez l’INE de l’étudiant et le code de procuration qu’il vous a donné. Vous ne pourrez faire que la tâche qu’il vous a confiée, pendant une heure au plus.',
  champIne: 'INE de l’étudiant',
  champCode: 'Code de procuration',
  codeAide: 'Par exemple ABCD-2345\u00a0: 8 caractères, sans compter le tiret.',
  aideConnexion: 'Commencer',
  aidePour: 'Vous aidez {nom} {prenom} jusqu’au {fin}.',
  aideIdentiteTitre: 'Étudiant aidé\u00a0: {nom} {prenom}',
  aideIdentiteAide:
    'L’identité de l’étudiant que vous aidez, telle que le registre de son université la donne\u00a0: elle ne se modifie pas ici.',
  aideBrouillonTitre: 'Brouillon enregistré',
  aideBrouillonDe: 'Enregistré le {date}.',
  aideBrouillonAucunCritere: 'Aucun critère renseigné.',
  aideBrouillonJustificatif: 'justificatif\u00a0: {nom}',
  aideBrouillonRemplacer: 'Préparer un nouveau brouillon',
  aideBrouillonRemplaceAide: 'Un nouveau brouillon enregistré remplace celui-ci.',
  paiementSansLoyer:
    '«\u00a0Payer mon loyer\u00a0» sera proposé quand vous aurez un loyer à payer (un lit attribué, ou quitté avec un reste à payer).',
  aideDepotIntro:
    'Remplissez le formulaire et joignez les justificatifs (une photo devient un PDF). Le dossier est enregistré comme brouillon\u00a0: seul l’étudiant pourra le déposer.',
  aideBrouillonEnregistre:
    'Brouillon enregistré. Prévenez l’étudiant\u00a0: il le dépose depuis son compte (menu Procurations) ou par SMS DEPOT suivi de son INE.',
  aideTerminer: 'Terminer la session',
  aidePaiementIntro: 'Payez le loyer de l’étudiant par mobile money, depuis votre téléphone.',
  aideRienAPayer: 'L’étudiant n’a aucun loyer à payer.',
  aidePaiementLance: 'Paiement {reference} demandé à l’opérateur\u00a0: validez-le sur votre téléphone.',
  aidePaiementReussi:
    'Paiement {reference} réussi\u00a0: {montant} reçus. L’étudiant le voit dans «\u00a0Mon loyer\u00a0», avec son reçu.',
  aidePaiementEchoue: 'Le paiement {reference} a échoué\u00a0: rien n’a été débité.',
  aidePaiementEtat: 'État du paiement\u00a0: {statut}',
  aideActualiser: 'Actualiser l’état',
} as const;
