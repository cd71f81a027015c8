/**
 * The catalogue's texts of a proof given as photos (docs/decisions/020-photos-into-pdf.md): a part
 * of the one catalogue (docs/messages.md), in its own module so that only the deposit form, which
 * shows them, loads them; `messages.ts` is in the entry bundle that every first visit pays for.
 * The same rules: no-break space (U+00A0) before : ; ! ?, the apostrophe ’, sizes built from limits.ts.
 */
import { PDF_MAX_BYTES } from './limits';
import { frenchFileSize } from './format';

/** A size as the dialog shows it: the one size formatter (rounded up: 3 000 400 bytes read '3,1 Mo', over the limit). */
export const sizeText = frenchFileSize;

const PDF_MAX = sizeText(PDF_MAX_BYTES);

export const photoMessages = {
  // The deposit form, beside the PDF picker.
  prendrePhotos: 'Prendre des photos',
  photosAide: 'Pas de scanner\u00a0? Photographiez le document\u00a0: vos photos deviennent un seul PDF.',
  photosJointes: 'PDF des photos joint\u00a0: {nom}, {pages}, {taille}.',
  modifierPhotos: 'Modifier les photos',
  chargementPhotos: 'Ouverture de l’outil photo…',
  moduleIndisponible: 'L’outil photo n’a pas pu être chargé. Vérifiez votre connexion puis réessayez.',

  // The dialog.
  titre: 'Photos du justificatif\u00a0: {critere}',
  conseilsTitre: 'Pour une photo bien lisible',
  conseils: [
    'Posez la page à plat, sans pli, sur une surface unie.',
    'Photographiez à la lumière du jour, sans flash\u00a0: le flash fait un reflet qui cache le texte.',
    'Tenez le téléphone bien au-dessus de la page et cadrez la page entière, ses quatre coins visibles.',
    'Une page par photo, dans l’ordre du document (vous pourrez changer l’ordre ensuite).',
    'Vérifiez que le texte est net avant de continuer, sinon reprenez la photo.',
  ],
  prendrePhoto: 'Prendre une photo',
  prendreAutrePhoto: 'Prendre une autre photo',
  choisirPhotos: 'Choisir des photos',
  formatsAcceptes: 'Photos JPEG ou PNG.',
  aucunePhoto: 'Aucune photo pour l’instant.',
  preparation: 'Préparation de la photo {n} sur {total}…',
  pagesTitre: 'Pages du PDF',
  page: 'Page {n}',
  apercuPage: 'Aperçu de la page {n}',
  placerAvant: 'Placer la page {n} avant',
  placerApres: 'Placer la page {n} après',
  retirerPage: 'Retirer la page {n}',
  pageAjoutee: 'Photo ajoutée\u00a0: page {n}.',
  pageDeplacee: 'Page déplacée\u00a0: elle est maintenant la page {n}.',
  pageRetiree: 'Page retirée. Il reste {pages}.',
  unePage: '1 page',
  nPages: '{n} pages',
  aucunePage: 'aucune page',
  poidsPdf: `{pages}, environ {taille} (au plus ${PDF_MAX})`,
  utiliserPdf: 'Utiliser ce PDF',
  creationPdf: 'Création du PDF…',
  photoFormat: '«\u00a0{nom}\u00a0» n’est pas une photo JPEG ou PNG.',
  photoIllisible:
    'La photo «\u00a0{nom}\u00a0» ne peut pas être lue\u00a0: reprenez-la ou choisissez-en une autre.',
  pdfTropGros: `Ce PDF pèserait {taille}, plus que les ${PDF_MAX} permis\u00a0: retirez une ou plusieurs photos.`,
  pdfEchec: 'Le PDF n’a pas pu être créé. Réessayez ou retirez la dernière photo.',
  nomFichier: 'photos-{critere}.pdf',
  nomFichierSansCritere: 'photos-justificatif.pdf',
} as const;

/** '1 page', '3 pages'. */
export const pagesText = (n: number): string =>
  n === 0
    ? photoMessages.aucunePage
    : n === 1
      ? photoMessages.unePage
      : photoMessages.nPages.replace('{n}', String(n));
