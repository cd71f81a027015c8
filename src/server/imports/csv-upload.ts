import { decodeCsvBytes } from '../../domain/csv-table';
import { AppError, fieldError } from '../errors';

/** `data:text/csv;base64,` prefixes (FileReader.readAsDataURL) are accepted; any other non-base64 text is not. */
export function decodeBase64(value: string): Buffer | null {
  const body = value.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) return null;
  return Buffer.from(body, 'base64');
}

/**
 * The text of an uploaded CSV (`{nomFichier, fichier}` with the file in base64), shared by the
 * registry import and the admissible upload: a name ending in `.csv` in any case and text bytes
 * (415 `TYPE_FICHIER` otherwise), valid base64 and not empty (400).
 */
export function readCsvUpload(input: { nomFichier: string; fichier: string }): string {
  if (!/\.csv$/i.test(input.nomFichier.trim())) throw new AppError('TYPE_FICHIER', 'fichierCsvAttendu');
  const bytes = decodeBase64(input.fichier);
  if (!bytes) throw fieldError('fichier', 'fichierBase64Invalide');
  if (bytes.length === 0) throw fieldError('fichier', 'csvVide');
  const text = decodeCsvBytes(bytes);
  if (text === null) throw new AppError('TYPE_FICHIER', 'fichierNonCsv');
  return text;
}
