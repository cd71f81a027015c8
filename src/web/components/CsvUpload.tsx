import '../lib/prime';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { FieldError } from '../../domain/errors';
import { CSV_FILE_MAX_BYTES } from '../../domain/limits';
import { messages } from '../../domain/messages';
import { fieldLabel } from '../../domain/resources/labels';
import { ApiError, errorMessage } from '../lib/api';
import { fill, frenchFileSize } from '../lib/format';
import { localTableProps } from './lazyTable';
import { FileInput } from './FileInput';

export type UploadOutcome<T> =
  { kind: 'success'; value: T } | { kind: 'failure'; message: string; errors: FieldError[] };

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
 * The one CSV upload of the staff screens (the registry's import, the admissible lists): a file
 * with the .csv extension in any case and at most `CSV_FILE_MAX_BYTES` (checked here before anything is
 * sent), sent as base64 by `post`; the outcome is the server's answer or its message and row errors
 * (the server takes the whole file or nothing).
 */
export function useCsvUpload<T>(post: (file: { nomFichier: string; fichier: string }) => Promise<T>) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<UploadOutcome<T> | null>(null);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    setOutcome(null);
    setFileError(null);
    if (!chosen) return setFile(null);
    const refusal = !/\.csv$/i.test(chosen.name)
      ? messages.fichierCsvAttendu
      : chosen.size > CSV_FILE_MAX_BYTES
        ? messages.erreurFichierTropGrand
        : null;
    if (refusal) {
      setFile(null);
      setFileError(refusal);
      e.target.value = '';
      return;
    }
    setFile(chosen);
  }

  /** Sends the chosen file; answers the server's value on success, null otherwise. */
  async function send(): Promise<T | null> {
    if (busy) return null;
    if (!file) {
      setFileError(messages.fichierCsvAttendu);
      input.current?.focus();
      return null;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const value = await post({ nomFichier: file.name, fichier: await readAsBase64(file) });
      setOutcome({ kind: 'success', value });
      return value;
    } catch (err) {
      setOutcome({
        kind: 'failure',
        message: errorMessage(err),
        errors: err instanceof ApiError ? err.errors : [],
      });
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { inputId, input, file, fileError, busy, outcome, choose, send };
}

export type CsvUploadState<T> = ReturnType<typeof useCsvUpload<T>>;

/** The required file field of `useCsvUpload`: the chosen file's name and size, or why it was refused. */
export function CsvFileField<T>({ upload }: { upload: CsvUploadState<T> }) {
  const { inputId, file, fileError } = upload;
  return (
    <div className={`field${fileError ? ' field-invalid' : ''}`}>
      <label htmlFor={inputId} className="is-required" title={messages.obligatoire}>
        {messages.champFichierCsv}
      </label>
      <FileInput
        inputRef={upload.input}
        id={inputId}
        accept=".csv,text/csv"
        // A file chosen is named under the field with its size.
        nothingChosen={!file}
        onChange={upload.choose}
        aria-invalid={Boolean(fileError) || undefined}
        aria-describedby={fileError ? `${inputId}-erreur` : undefined}
      />
      {file && !fileError && (
        <small className="field-hint">
          {fill(messages.fichierChoisi, {
            nom: file.name,
            taille: frenchFileSize(file.size),
          })}
        </small>
      )}
      {fileError && (
        <small className="field-error" id={`${inputId}-erreur`} role="alert">
          {fileError}
        </small>
      )}
    </div>
  );
}

/**
 * The outcome of `useCsvUpload`, announced: green 'Chargement réussi !' with `success`'s text, or
 * red 'Échec du chargement !' with the message and the table of the file's bad rows (line, field,
 * message). `testId` names both boxes (`{testId}-reussi`, `{testId}-echec`).
 */
export function CsvUploadOutcome<T>({
  upload,
  testId,
  success,
}: {
  upload: CsvUploadState<T>;
  testId: string;
  success: (value: T) => ReactNode;
}) {
  const { outcome } = upload;
  return (
    <>
      <div aria-live="polite">
        {outcome?.kind === 'success' && (
          <div className="import-outcome import-success" data-testid={`${testId}-reussi`}>
            <p>
              <i className="pi pi-check-circle" aria-hidden="true" />{' '}
              <strong>{messages.chargementReussi}</strong>
            </p>
            <p>{success(outcome.value)}</p>
          </div>
        )}
        {outcome?.kind === 'failure' && (
          <div className="import-outcome import-failure" data-testid={`${testId}-echec`}>
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
          {...localTableProps(outcome.errors.length)}
          className="import-errors"
          pt={{ table: { 'aria-label': messages.erreursFichier } }}
        >
          <Column field="ligne" header={messages.colonneLigne} body={(e: FieldError) => e.ligne ?? ''} />
          <Column field="champ" header={messages.colonneChamp} body={(e: FieldError) => champText(e.champ)} />
          <Column field="message" header={messages.colonneMessage} />
        </DataTable>
      )}
    </>
  );
}
