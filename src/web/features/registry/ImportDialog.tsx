import '../../lib/prime';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { FieldError } from '../../../domain/errors';
import { messages } from '../../../domain/messages';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_FILE_NAME } from '../../../domain/registry';
import { fieldLabel } from '../../../domain/resources/labels';
import { api, ApiError, apiUrl, errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { PrimeDialog } from '../../components/PrimeDialog';

/** The import body may hold 20 MB (CONTRACT §2); base64 makes a file a third bigger, plus the JSON. */
const MAX_FILE_BYTES = Math.floor(((20 * 1024 * 1024 - 4096) * 3) / 4);

export interface ImportCounts {
  importes: number;
  misAJour: number;
}

type Outcome =
  { kind: 'success'; counts: ImportCounts } | { kind: 'failure'; message: string; errors: FieldError[] };

/** The file's bytes as base64 (without the `data:` prefix). */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(file);
  });
}

/** 'Sexe (sexeEtudiant)': the French name and the column as written in the file's header. */
function champText(champ: string): string {
  const label = fieldLabel(champ);
  return label === champ ? champ : `${label} (${champ})`;
}

/**
 * 'Importer' (CONTRACT §4): the template to download, a CSV to choose (other extensions are refused
 * here), 'Valider le chargement' sending it as base64. A good file: green 'Chargement réussi !'
 * with the counts; a rejected one: red 'Échec du chargement !' and the table of its row errors
 * (nothing was imported: the server takes the whole file or nothing).
 */
export function ImportDialog(props: { onClose: () => void; onImported: (counts: ImportCounts) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    setOutcome(null);
    setFileError(null);
    if (!chosen) return setFile(null);
    if (!/\.csv$/i.test(chosen.name)) {
      setFile(null);
      setFileError(messages.fichierCsvAttendu);
      e.target.value = '';
      return;
    }
    if (chosen.size > MAX_FILE_BYTES) {
      setFile(null);
      setFileError(messages.erreurFichierTropGrand);
      e.target.value = '';
      return;
    }
    setFile(chosen);
  }

  async function send() {
    if (busy) return;
    if (!file) {
      setFileError(messages.fichierCsvAttendu);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const fichier = await readAsBase64(file);
      const counts = await api.post<ImportCounts>(paths.api.registreImport, {
        nomFichier: file.name,
        fichier,
      });
      setOutcome({ kind: 'success', counts });
      props.onImported(counts);
    } catch (err) {
      setOutcome({
        kind: 'failure',
        message: errorMessage(err),
        errors: err instanceof ApiError ? err.errors : [],
      });
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <div className="dialog-footer">
      <button type="button" className="p-button p-component p-button-text" onClick={props.onClose}>
        <i className="pi pi-times" aria-hidden="true" />
        <span>{messages.quitter}</span>
      </button>
      <button type="button" className="p-button p-component" onClick={send} disabled={busy}>
        <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-upload'} aria-hidden="true" />
        <span>{messages.validerChargement}</span>
      </button>
    </div>
  );

  return (
    <PrimeDialog
      header={messages.importTitre}
      footer={footer}
      onHide={props.onClose}
      style={{ width: '46rem' }}
      breakpoints={{ '720px': '96vw' }}
      className="import-dialog"
    >
      <p>{messages.importAide}</p>
      <p className="import-columns">
        {messages.colonnesAttendues} <code>{REGISTRY_COLUMNS.join(';')}</code>
      </p>
      <p>
        <a href={apiUrl(paths.api.registreModele)} download={REGISTRY_TEMPLATE_FILE_NAME}>
          <i className="pi pi-download" aria-hidden="true" /> {messages.telechargerModele}
        </a>
      </p>
      <div className={`field${fileError ? ' field-invalid' : ''}`}>
        <label htmlFor={inputId} className="is-required" title={messages.obligatoire}>
          {messages.champFichierCsv}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="file-input"
          onChange={choose}
          aria-invalid={Boolean(fileError) || undefined}
          aria-describedby={fileError ? `${inputId}-erreur` : undefined}
        />
        {file && !fileError && (
          <small className="field-hint">
            {fill(messages.fichierChoisi, {
              nom: file.name,
              taille: Math.max(1, Math.round(file.size / 1024)),
            })}
          </small>
        )}
        {fileError && (
          <small className="field-error" id={`${inputId}-erreur`} role="alert">
            {fileError}
          </small>
        )}
      </div>

      <div aria-live="polite">
        {outcome?.kind === 'success' && (
          <div className="import-outcome import-success" data-testid="import-reussi">
            <p>
              <i className="pi pi-check-circle" aria-hidden="true" />{' '}
              <strong>{messages.chargementReussi}</strong>
            </p>
            <p>{fill(messages.importCompte, { ...outcome.counts })}</p>
          </div>
        )}
        {outcome?.kind === 'failure' && (
          <div className="import-outcome import-failure" data-testid="import-echec">
            <p>
              <i className="pi pi-times-circle" aria-hidden="true" />{' '}
              <strong>{messages.echecChargement}</strong>
            </p>
            <p>{outcome.message}</p>
          </div>
        )}
      </div>
      {outcome?.kind === 'failure' && outcome.errors.length > 0 && (
        <DataTable
          value={outcome.errors}
          size="small"
          stripedRows
          paginator={outcome.errors.length > 10}
          rows={10}
          paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
          currentPageReportTemplate={messages.rapportPagination}
          className="import-errors"
          pt={{ table: { 'aria-label': messages.erreursFichier } }}
        >
          <Column field="ligne" header={messages.colonneLigne} body={(e: FieldError) => e.ligne ?? ''} />
          <Column field="champ" header={messages.colonneChamp} body={(e: FieldError) => champText(e.champ)} />
          <Column field="message" header={messages.colonneMessage} />
        </DataTable>
      )}
    </PrimeDialog>
  );
}
