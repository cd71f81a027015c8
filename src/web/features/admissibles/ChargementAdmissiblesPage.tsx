import '../../lib/prime';
import '../staff/staff.css';
import '../deliberation/deliberation.css';
import '../registry/registry.css';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ADMISSIBLE_COLUMNS, ADMISSIBLE_TEMPLATE_FILE_NAME } from '../../../domain/admissibles';
import type { FieldError } from '../../../domain/errors';
import { messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import { api, ApiError, apiUrl, errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { delibPaths } from '../deliberation/data';
import { readAsBase64 } from '../registry/ImportDialog';
import { useSessionChooser } from '../staff/SessionChooser';

/** The upload body may hold 20 MB (CONTRACT §2); base64 makes a file a third bigger, plus the JSON. */
const MAX_FILE_BYTES = Math.floor(((20 * 1024 * 1024 - 4096) * 3) / 4);

type Outcome =
  { kind: 'success'; importes: number } | { kind: 'failure'; message: string; errors: FieldError[] };

/** 'Moyenne (moyenne)': the French name and the column as written in the file's header. */
function champText(champ: string): string {
  const label = fieldLabel(champ);
  return label === champ ? champ : `${label} (${champ})`;
}

/**
 * /charger-fichier-admissibles (workflow specification §2, §5; CONTRACT §6): the template, a
 * session, a CSV file (the extension in any case; nothing is sent without one), 'Valider le
 * chargement', then a green 'Chargement réussi !' with the count or a red failure with the table
 * of bad rows (nothing was loaded: the server takes the whole file or nothing).
 */
export default function ChargementAdmissiblesPage() {
  useDocumentTitle(messages.chargementTitre);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { chosen, fields } = useSessionChooser('admissibles.upload', 'chargement');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosenFile = e.target.files?.[0] ?? null;
    setOutcome(null);
    setFileError(null);
    if (!chosenFile) return setFile(null);
    if (!/\.csv$/i.test(chosenFile.name) || chosenFile.size > MAX_FILE_BYTES) {
      setFile(null);
      setFileError(
        /\.csv$/i.test(chosenFile.name) ? messages.erreurFichierTropGrand : messages.fichierCsvAttendu,
      );
      e.target.value = '';
      return;
    }
    setFile(chosenFile);
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    if (busy || !chosen) return;
    if (!file) {
      setFileError(messages.fichierCsvAttendu);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const fichier = await readAsBase64(file);
      const res = await api.post<{ importes: number }>(delibPaths.api.chargement, {
        nomFichier: file.name,
        fichier,
        idSession: chosen.idSessionCenou,
      });
      setOutcome({ kind: 'success', importes: res?.importes ?? 0 });
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

  return (
    <section className="resource-screen">
      <h1>{messages.chargementTitre}</h1>
      <p className="staff-intro">{messages.chargementIntro}</p>
      <p className="import-columns">
        {messages.colonnesAttendues} <code>{ADMISSIBLE_COLUMNS.join(';')}</code>
      </p>
      <p>
        <a href={apiUrl(delibPaths.api.chargementModele)} download={ADMISSIBLE_TEMPLATE_FILE_NAME}>
          <i className="pi pi-download" aria-hidden="true" /> {messages.telechargerModele}
        </a>
      </p>
      {fields}
      <form className="chargement-form" onSubmit={send} noValidate>
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
        <button type="submit" className="p-button p-component" disabled={busy || !chosen}>
          <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-upload'} aria-hidden="true" />
          <span>{messages.validerChargement}</span>
        </button>
      </form>

      <div aria-live="polite">
        {outcome?.kind === 'success' && (
          <div className="import-outcome import-success" data-testid="chargement-reussi">
            <p>
              <i className="pi pi-check-circle" aria-hidden="true" />{' '}
              <strong>{messages.chargementReussi}</strong>
            </p>
            <p>{fill(messages.chargementCompte, { importes: outcome.importes })}</p>
          </div>
        )}
        {outcome?.kind === 'failure' && (
          <div className="import-outcome import-failure" data-testid="chargement-echec">
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
    </section>
  );
}
