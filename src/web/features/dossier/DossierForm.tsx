import { Code, fillNodes } from '../../components/Code';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { enumLabel, messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import { errorId, FormField } from '../../components/FormField';
import { ApiError, errorMessage } from '../../lib/api';
import { fill, frenchDate } from '../../lib/format';
import { uploadDossier, type UploadProgress } from './api';
import { checkProof } from './proof';
import { PhotoProof } from './PhotoProof';
import type {
  DepositBody,
  DepositForm,
  DossierDetail,
  TypeCritereDepot,
} from '../../../domain/schemas/dossier';

/** What the student chose for one criterion type: the criterion, and a new proof when it needs one. */
interface Choice {
  idCritere: number | null;
  file: File | null;
}

type Choices = Record<number, Choice>;

/** The identity shown read-only on the deposit form (workflow specification §2). */
const IDENTITY_FIELDS = [
  'ine',
  'nomEtudiant',
  'prenomEtudiant',
  'sexeEtudiant',
  'dateNaissance',
  'lieuNaissance',
  'typePays',
  'serieBac',
  'moyenneBac',
] as const;

function shownIdentity(form: DepositForm, name: (typeof IDENTITY_FIELDS)[number]): string {
  const value = form[name];
  if (value == null) return '';
  if (name === 'dateNaissance') return frenchDate(value);
  if (name === 'sexeEtudiant') return enumLabel('sexeEtudiant', String(value));
  if (name === 'typePays') return enumLabel('typePays', String(value));
  if (name === 'moyenneBac' && typeof value === 'number') return value.toFixed(2).replace('.', ',');
  return String(value);
}

const selectId = (t: TypeCritereDepot) => `critere-${t.idTypeCritere}`;
const fileId = (t: TypeCritereDepot) => `fichier-${t.idTypeCritere}`;

function chosenOption(t: TypeCritereDepot, choice: Choice | undefined) {
  return choice?.idCritere == null ? undefined : t.listeCritere.find((c) => c.idCritere === choice.idCritere);
}

/** A progress bar with its value for assistive technologies (`aria-valuenow` 0 to 100). */
export function ProgressBar({ label, value }: { label: string; value: number }) {
  const percent = Math.round(value * 100);
  return (
    <div className="upload-item">
      <div className="upload-label">
        <span>{label}</span>
        <span>{percent} %</span>
      </div>
      <div
        className="upload-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="upload-bar-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * The server's field errors on this form's fields: `listeDossierCritere.{i}.idCritere|fichier` (the
 * i-th entry sent), `typeCritere.{id}` (a mandatory type not answered), `fichier-{id}` (a part).
 */
function fieldErrorsOf(err: ApiError, sent: DepositBody['listeDossierCritere']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { champ, message } of err.errors) {
    let idType: number | undefined;
    let file = false;
    let m: RegExpExecArray | null;
    if ((m = /^listeDossierCritere\.(\d+)\.(\w+)/.exec(champ))) {
      idType = sent[Number(m[1])]?.idTypeCritere;
      file = m[2] === 'fichier';
    } else if ((m = /^typeCritere\.(\d+)$/.exec(champ))) idType = Number(m[1]);
    else if ((m = /^fichier-(\d+)$/.exec(champ))) {
      idType = Number(m[1]);
      file = true;
    }
    if (idType === undefined) continue;
    const key = `${file ? 'fichier' : 'critere'}-${idType}`;
    out[key] ??= message;
  }
  return out;
}

/**
 * The dossier form of /depot and /edit-dossier: the read-only identity, one native select per
 * criterion type (red asterisk when mandatory), a PDF picker when the chosen criterion needs a
 * proof (checked here before anything is sent), then 'Déposer' with one progress bar per file.
 * Every choice and file stays in this component's state: after a network failure the student
 * retries with nothing to choose again. With `existing` (the edit screen) the answers are prefilled
 * and the old document name shown; a proof not replaced is kept by the server.
 */
export function DossierForm(props: {
  form: DepositForm;
  existing?: Pick<DossierDetail, 'idDossier' | 'typeDossier' | 'listeDossierCritere'>;
  /** After a 200/201: the stored dossier and the names of the files sent. */
  onSaved: (saved: DossierDetail, files: string[]) => void;
}) {
  const { form, existing } = props;
  const previous = (idTypeCritere: number) =>
    existing?.listeDossierCritere.find((e) => e.idTypeCritere === idTypeCritere);

  const [choices, setChoices] = useState<Choices>(() => {
    const out: Choices = {};
    for (const t of form.listeDossierCritere) {
      const before = previous(t.idTypeCritere);
      out[t.idTypeCritere] = { idCritere: before?.idCritere ?? null, file: null };
    }
    return out;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; network: boolean } | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusy] = useState(false);

  const setError = (key: string, message: string | null) =>
    setErrors((current) => {
      const next = { ...current };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  /** The old proof is kept when the criterion did not change and no new file is chosen. */
  const keepsOldProof = (t: TypeCritereDepot, choice: Choice) => {
    const before = previous(t.idTypeCritere);
    return Boolean(before?.nomFichier) && before?.idCritere === choice.idCritere && !choice.file;
  };

  function chooseCritere(t: TypeCritereDepot, e: ChangeEvent<HTMLSelectElement>) {
    const idCritere = e.target.value === '' ? null : Number(e.target.value);
    setChoices((c) => ({ ...c, [t.idTypeCritere]: { ...c[t.idTypeCritere], idCritere } }));
    setError(selectId(t), null);
    const option = t.listeCritere.find((c) => c.idCritere === idCritere);
    if (!option?.obligatoire) {
      setError(fileId(t), null);
      setChoices((c) => ({ ...c, [t.idTypeCritere]: { ...c[t.idTypeCritere], file: null } }));
    }
  }

  async function chooseFile(t: TypeCritereDepot, e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0] ?? null;
    if (!file) {
      setChoices((c) => ({ ...c, [t.idTypeCritere]: { ...c[t.idTypeCritere], file: null } }));
      return;
    }
    const refusal = await checkProof(file);
    if (refusal) {
      // A refused file is not kept: the picker is emptied so that what shows is what will be sent.
      e.target.value = '';
      setChoices((c) => ({ ...c, [t.idTypeCritere]: { ...c[t.idTypeCritere], file: null } }));
      setError(fileId(t), refusal);
      return;
    }
    setChoices((c) => ({ ...c, [t.idTypeCritere]: { ...c[t.idTypeCritere], file } }));
    setError(fileId(t), null);
  }

  /** A PDF made of photos (PhotoProof): held as a chosen PDF is; the picker is emptied to say so. */
  function choosePhotos(t: TypeCritereDepot, file: File) {
    const picker = document.getElementById(fileId(t));
    if (picker instanceof HTMLInputElement) picker.value = '';
    setChoices((c) => ({ ...c, [t.idTypeCritere]: { ...c[t.idTypeCritere], file } }));
    setError(fileId(t), null);
  }

  /** The checks of §5 before anything is sent: the field errors, and the summary to show. */
  function validate(): { errors: Record<string, string>; summary: string | null } {
    const out: Record<string, string> = {};
    let missingChoice = false;
    let missingFile = false;
    for (const t of form.listeDossierCritere) {
      const choice = choices[t.idTypeCritere];
      const option = chosenOption(t, choice);
      if (!option) {
        if (t.obligatoire) {
          out[selectId(t)] = messages.champObligatoire;
          missingChoice = true;
        }
        continue;
      }
      if (errors[fileId(t)]) out[fileId(t)] = errors[fileId(t)];
      else if (option.obligatoire && !choice.file && !keepsOldProof(t, choice)) {
        out[fileId(t)] = messages.fichierPdfAttendu;
        missingFile = true;
      }
    }
    const tooBig = Object.values(out).includes(messages.fichierTaille);
    const summary = missingChoice
      ? messages.champsObligatoires
      : missingFile
        ? messages.joindreFichiers
        : tooBig
          ? messages.fichierTropGrand
          : Object.keys(out).length
            ? messages.fichiersPdfSeulement
            : null;
    return { errors: out, summary };
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    const checked = validate();
    setErrors(checked.errors);
    setSummary(checked.summary);
    if (checked.summary) {
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(first)?.focus();
      return;
    }
    const listeDossierCritere: DepositBody['listeDossierCritere'] = [];
    const files: { idTypeCritere: number; file: File }[] = [];
    for (const t of form.listeDossierCritere) {
      const choice = choices[t.idTypeCritere];
      const option = chosenOption(t, choice);
      if (!option) continue;
      const entry: DepositBody['listeDossierCritere'][number] = {
        idTypeCritere: t.idTypeCritere,
        idCritere: option.idCritere,
      };
      if (option.obligatoire && choice.file) {
        entry.nomFichier = choice.file.name;
        files.push({ idTypeCritere: t.idTypeCritere, file: choice.file });
      } else if (option.obligatoire && keepsOldProof(t, choice)) {
        entry.nomFichier = previous(t.idTypeCritere)?.nomFichier ?? undefined;
      }
      listeDossierCritere.push(entry);
    }
    const dossier: DepositBody = existing
      ? { idDossier: existing.idDossier, typeDossier: existing.typeDossier, listeDossierCritere }
      : { listeDossierCritere };

    setBusy(true);
    setFailure(null);
    setProgress(Object.fromEntries(files.map((f) => [f.idTypeCritere, 0])));
    try {
      // Each step is drawn at once: on a fast link the whole body goes in one frame, and the bars
      // still show their end before the answer replaces them.
      const saved = await uploadDossier(dossier, files, (p) => flushSync(() => setProgress(p)));
      setProgress(Object.fromEntries(files.map((f) => [f.idTypeCritere, 1])));
      props.onSaved(
        saved,
        files.map((f) => f.file.name),
      );
    } catch (err) {
      const network = err instanceof ApiError && err.status === 0;
      if (err instanceof ApiError && err.errors.length) setErrors(fieldErrorsOf(err, listeDossierCritere));
      setFailure({ message: network ? messages.envoiInterrompu : errorMessage(err), network });
      setProgress(null);
    } finally {
      setBusy(false);
    }
  }

  const uploading = progress !== null;

  return (
    <form onSubmit={submit} noValidate className="dossier-form">
      <fieldset className="form-section">
        <legend>{messages.identiteTitre}</legend>
        <p className="field-hint">{messages.identiteAide}</p>
        <dl className="identity-card" data-testid="identite">
          {IDENTITY_FIELDS.map((name) => (
            <div key={name}>
              <dt>{fieldLabel(name)}</dt>
              <dd data-champ={name}>{shownIdentity(form, name) || messages.valeurAbsente}</dd>
            </div>
          ))}
        </dl>
      </fieldset>

      <fieldset className="form-section" disabled={busy}>
        <legend>{messages.criteresTitre}</legend>
        {form.listeDossierCritere.map((t) => {
          const choice = choices[t.idTypeCritere];
          const option = chosenOption(t, choice);
          const before = previous(t.idTypeCritere);
          const sid = selectId(t);
          const fid = fileId(t);
          const fileHint = before?.nomFichier ? `${fid}-ancien` : undefined;
          return (
            <div key={t.idTypeCritere} className="critere-block">
              <FormField id={sid} label={t.libelleTypeCritere} required={t.obligatoire} error={errors[sid]}>
                <select
                  id={sid}
                  name={sid}
                  className={`p-inputtext p-component native-select${errors[sid] ? ' p-invalid' : ''}`}
                  value={choice?.idCritere ?? ''}
                  onChange={(e) => chooseCritere(t, e)}
                  required={t.obligatoire}
                  aria-required={t.obligatoire || undefined}
                  aria-invalid={Boolean(errors[sid]) || undefined}
                  aria-describedby={errors[sid] ? errorId(sid) : undefined}
                >
                  <option value="">{messages.choisir}</option>
                  {t.listeCritere.map((c) => (
                    <option key={c.idCritere} value={c.idCritere}>
                      {c.libelleCritere}
                    </option>
                  ))}
                </select>
              </FormField>
              {before?.nomFichier && (
                <p className="old-document" id={fileHint}>
                  <i className="pi pi-file-pdf" aria-hidden="true" />{' '}
                  {fillNodes(messages.documentActuel, { nom: <Code>{before.nomFichier}</Code> })}
                </p>
              )}
              {option?.obligatoire && (
                <FormField
                  id={fid}
                  label={fill(messages.justificatifPdf, { critere: option.libelleCritere })}
                  required={!keepsOldProof(t, choice)}
                  error={errors[fid]}
                  hint={before?.nomFichier ? messages.documentRemplace : undefined}
                >
                  <input
                    id={fid}
                    name={fid}
                    type="file"
                    accept="application/pdf,.pdf"
                    className="file-input"
                    onChange={(e) => void chooseFile(t, e)}
                    aria-invalid={Boolean(errors[fid]) || undefined}
                    aria-describedby={
                      errors[fid] ? errorId(fid) : before?.nomFichier ? `${fid}-aide ${fileHint}` : undefined
                    }
                  />
                </FormField>
              )}
              {option?.obligatoire && (
                <PhotoProof
                  id={`${fid}-photos`}
                  critere={option.libelleCritere}
                  file={choice.file}
                  onUse={(file) => choosePhotos(t, file)}
                />
              )}
            </div>
          );
        })}
      </fieldset>

      {summary && (
        <p className="error-text" role="alert" data-testid="erreur-depot">
          {summary}
        </p>
      )}

      {uploading && (
        <div className="upload-progress" aria-live="polite" data-testid="progression">
          <p className="upload-title">{messages.envoiEnCours}</p>
          {Object.keys(progress).length === 0 && <ProgressBar label={messages.envoiDonnees} value={0} />}
          {form.listeDossierCritere
            .filter((t) => progress[t.idTypeCritere] !== undefined)
            .map((t) => (
              <ProgressBar
                key={t.idTypeCritere}
                label={fill(messages.envoiFichier, { nom: choices[t.idTypeCritere]?.file?.name ?? '' })}
                value={progress[t.idTypeCritere]}
              />
            ))}
        </div>
      )}

      {failure && (
        <div className="notice notice-error" role="alert" data-testid="echec-depot">
          <p>{failure.message}</p>
          {failure.network && (
            <button
              type="button"
              className="p-button p-component p-button-outlined"
              onClick={() => void submit()}
            >
              <i className="pi pi-refresh" aria-hidden="true" />
              <span>{messages.reessayer}</span>
            </button>
          )}
        </div>
      )}

      <div className="form-actions">
        <button type="submit" className="p-button p-component" disabled={busy}>
          <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-upload'} aria-hidden="true" />
          <span>{messages.deposer}</span>
        </button>
      </div>
    </form>
  );
}
