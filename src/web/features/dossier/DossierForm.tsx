import { Code, fillNodes } from '../../components/Code';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { PDF_MAX_BYTES, PHOTO_MAX_SIDE, PHOTO_PAGE_MAX_BYTES } from '../../../domain/limits';
import { photoMessages } from '../../../domain/messages-photos';
import { fieldLabel } from '../../../domain/resources/labels';
import { errorId, FormField } from '../../components/FormField';
import { ApiError, errorMessage } from '../../lib/api';
import { fill, frenchFileSize, frenchDate } from '../../lib/format';
import { saveDossier } from './api';
import { draftKey, removeDraft } from './draft';
import { checkProof, isPhoto } from './proof';
import { PhotoProof } from './PhotoProof';
import type {
  DepositBody,
  DepositForm,
  DossierDetail,
  TypeCritereDepot,
} from '../../../domain/schemas/dossier';
import { initialChoices, NO_FILE, useDossierDraft, type Choice } from './useDossierDraft';
import { useProofUploads, type ProofState } from './useProofUploads';
import { FileInput } from '../../components/FileInput';

/**
 * The criterion types whose named upload the server refused because it no longer has it for this
 * deposit (`listeDossierCritere.{i}.televersement`: expired, already used, unfinished): their files
 * are sent again.
 */
function uploadsGone(err: ApiError, sent: DepositBody['listeDossierCritere']): number[] {
  const out: number[] = [];
  for (const { champ } of err.errors) {
    const m = /^listeDossierCritere\.(\d+)\.televersement$/.exec(champ);
    const idType = m ? sent[Number(m[1])]?.idTypeCritere : undefined;
    if (idType !== undefined) out.push(idType);
  }
  return out;
}

/** The identity shown read-only on the deposit form. */
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
        <span className="upload-percent">{`${percent}\u00a0%`}</span>
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
      file = m[2] === 'fichier' || m[2] === 'televersement';
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
 * proof, then 'Déposer'.
 *
 * Made for a weak network (docs/sessions-and-dossiers.md#on-a-weak-network): each
 * proof, once checked here, goes up at once by the resumable uploads (resumable.ts), with its own
 * progress, and resumes by itself after a cut; every choice and chosen file is kept on the phone
 * (draft.ts) and found again after a reload or a closed tab. 'Déposer' pressed while proofs are
 * still going up, or offline, is kept too: the deposit (JSON, naming the uploads) is sent as soon
 * as every proof is up and the network answers, and the student sees it sent. With `existing`
 * (the edit screen) the answers are prefilled and the old document name shown; a proof not
 * replaced is kept by the server. The draft is kept by `useDossierDraft`, the proofs' uploads run
 * in `useProofUploads`; here are the checks, the deposit sent and what the student sees.
 */
export function DossierForm(props: {
  form: DepositForm;
  existing?: Pick<DossierDetail, 'idDossier' | 'typeDossier' | 'listeDossierCritere'>;
  /** After a 200/201: the stored dossier and the names of the files sent. */
  onSaved: (saved: DossierDetail, files: string[]) => void;
  /** A new deposit answered 409 DOUBLON: the student's dossier of this session already exists. */
  onAlreadyDeposited?: () => void;
  /**
   * A helper's page (docs/procurations.md): the form is saved as the student's draft by this call,
   * never deposited; `onSaved` is then not called, `onDraftSaved` is.
   */
  saveDraft?: (dossier: DepositBody) => Promise<unknown>;
  onDraftSaved?: (files: string[]) => void;
  /** The identity block's title and hint when the form is not the student's own (a helper's page). */
  identity?: { title: string; hint: string };
}) {
  const { form, existing } = props;
  const previous = (idTypeCritere: number) =>
    existing?.listeDossierCritere.find((e) => e.idTypeCritere === idTypeCritere);
  const key = draftKey(form.ine ?? '', existing?.idDossier);

  const {
    choices,
    choicesRef,
    setChoices,
    submitted,
    submittedRef,
    setSubmittedKept,
    restored,
    touched,
    saving,
  } = useDossierDraft(
    form,
    key,
    () => initialChoices(form, previous),
    (next) => resume(form.listeDossierCritere, next),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; network: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  /** RENOUVELLEMENT asked (offered only when the agency's rules allow it, docs/agency-rules.md). */
  // Ticked already when the dashboard's invitation led here (`/depot?readmission=1`).
  const [readmission, setReadmission] = useState(
    () =>
      !existing &&
      form.eligibilite.renouvellementPossible &&
      typeof window !== 'undefined' &&
      new URLSearchParams(window.location.search).get('readmission') === '1',
  );
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);

  const { proofs, startUpload, stopUpload, resume } = useProofUploads({
    key,
    choicesRef,
    setChoices,
    onRefused: (t, message) => {
      setError(fileId(t), message);
      if (submittedRef.current) setSubmittedKept(false);
    },
  });

  const setError = (errorKey: string, message: string | null) =>
    setErrors((current) => {
      const next = { ...current };
      if (message) next[errorKey] = message;
      else delete next[errorKey];
      return next;
    });

  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  /** The old proof is kept when the criterion did not change and no new file is chosen. */
  const keepsOldProof = (t: TypeCritereDepot, choice: Choice) => {
    const before = previous(t.idTypeCritere);
    return Boolean(before?.nomFichier) && before?.idCritere === choice.idCritere && !choice.file;
  };

  function chooseCritere(t: TypeCritereDepot, e: ChangeEvent<HTMLSelectElement>) {
    touched.current = true;
    const idCritere = e.target.value === '' ? null : Number(e.target.value);
    const option = t.listeCritere.find((c) => c.idCritere === idCritere);
    setError(selectId(t), null);
    if (!option?.obligatoire) {
      setError(fileId(t), null);
      stopUpload(t.idTypeCritere);
      setChoices((c) => ({
        ...c,
        [t.idTypeCritere]: { idCritere, ...NO_FILE },
      }));
    } else setChoices((c) => ({ ...c, [t.idTypeCritere]: { ...c[t.idTypeCritere], idCritere } }));
  }

  async function chooseFile(t: TypeCritereDepot, e: ChangeEvent<HTMLInputElement>) {
    touched.current = true;
    const chosen = e.target.files?.[0] ?? null;
    if (!chosen) return;
    // A photo (JPEG, PNG) becomes a one-page PDF, made as « Prendre des photos » makes it.
    const made = (await isPhoto(chosen)) ? await photoAsPdf(chosen) : { file: chosen, refusal: null };
    const file = made.file;
    const refusal =
      made.refusal ??
      (await checkProof(file).then((r) =>
        r === messages.fichierPdfAttendu ? messages.fichierPdfOuPhoto : r,
      ));
    stopUpload(t.idTypeCritere);
    if (refusal) {
      // A refused file is not kept: the picker is emptied so that what shows is what will be sent.
      e.target.value = '';
      setChoices((c) => ({
        ...c,
        [t.idTypeCritere]: { ...c[t.idTypeCritere], ...NO_FILE },
      }));
      setError(fileId(t), refusal);
      return;
    }
    takeFile(t, file);
  }

  /** A chosen photo as a one-page PDF named after it, or why it could not be made. */
  async function photoAsPdf(photo: File): Promise<{ file: File; refusal: string | null }> {
    try {
      const engine = await import('./photo-pages');
      const page = await engine.photoPage(photo, { maxSide: PHOTO_MAX_SIDE, maxBytes: PHOTO_PAGE_MAX_BYTES });
      const name = `${photo.name.replace(/\.[^.]*$/, '') || 'photo'}.pdf`;
      const pdf = await engine.pdfOfPages([page], name);
      if (pdf.size > PDF_MAX_BYTES) return { file: photo, refusal: messages.fichierTaille };
      return { file: pdf, refusal: null };
    } catch {
      return { file: photo, refusal: photoMessages.photoIllisible };
    }
  }

  /**
   * A PDF made of photos (PhotoProof): held and sent as a chosen PDF is; the picker is emptied to
   * say so.
   */
  function choosePhotos(t: TypeCritereDepot, file: File) {
    touched.current = true;
    const picker = document.getElementById(fileId(t));
    if (picker instanceof HTMLInputElement) picker.value = '';
    stopUpload(t.idTypeCritere);
    takeFile(t, file);
  }

  /** A file accepted for this type (chosen, or made of photos): held, and its upload started. */
  function takeFile(t: TypeCritereDepot, file: File) {
    const choice: Choice = { ...choicesRef.current[t.idTypeCritere], ...NO_FILE, file };
    setChoices((c) => ({ ...c, [t.idTypeCritere]: choice }));
    setError(fileId(t), null);
    startUpload(t, choice);
  }

  /**
   * The deposit's checks (docs/sessions-and-dossiers.md#the-deposit) before anything is sent: the
   * field errors, and the summary to show.
   */
  function validate(): { errors: Record<string, string>; summary: string | null } {
    const out: Record<string, string> = {};
    let missingChoice = false;
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
      else if (option.obligatoire && !choice.file && !keepsOldProof(t, choice))
        out[fileId(t)] = messages.fichierPdfAttendu;
    }
    // The summary says what the field errors say, whether found now or kept from the last press of
    // « Déposer » (a proof still missing is not a wrong file type).
    const missingFile = Object.values(out).includes(messages.fichierPdfAttendu);
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

  /** The deposit's body naming each proof's upload, or null while a proof is still going up. */
  function depositBody(): { dossier: DepositBody; files: string[] } | null {
    const listeDossierCritere: DepositBody['listeDossierCritere'] = [];
    const files: string[] = [];
    for (const t of form.listeDossierCritere) {
      const choice = choicesRef.current[t.idTypeCritere];
      const option = chosenOption(t, choice);
      if (!option) continue;
      const entry: DepositBody['listeDossierCritere'][number] = {
        idTypeCritere: t.idTypeCritere,
        idCritere: option.idCritere,
      };
      if (option.obligatoire && choice.file) {
        if (!choice.televersement) return null;
        entry.nomFichier = choice.file.name;
        entry.televersement = choice.televersement;
        files.push(choice.file.name);
      } else if (option.obligatoire && keepsOldProof(t, choice)) {
        entry.nomFichier = previous(t.idTypeCritere)?.nomFichier ?? undefined;
      }
      listeDossierCritere.push(entry);
    }
    const dossier: DepositBody = existing
      ? { idDossier: existing.idDossier, typeDossier: existing.typeDossier, listeDossierCritere }
      : { listeDossierCritere, ...(readmission ? { typeDossier: 'RENOUVELLEMENT' as const } : {}) };
    return { dossier, files };
  }

  const sending = useRef(false);
  /** Sends the deposit once every proof is up; a network failure leaves it asked, to send again. */
  async function send() {
    if (sending.current || !submittedRef.current) return;
    const body = depositBody();
    if (!body) return;
    sending.current = true;
    setBusy(true);
    try {
      if (props.saveDraft) {
        await props.saveDraft(body.dossier);
        await saving.current;
        submittedRef.current = false;
        await removeDraft(key);
        setFailure(null);
        props.onDraftSaved?.(body.files);
        return;
      }
      const saved = await saveDossier(body.dossier);
      await saving.current;
      submittedRef.current = false;
      await removeDraft(key);
      setFailure(null);
      props.onSaved(saved, body.files);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'DOUBLON' && !existing) {
        // The dossier exists: most likely this very deposit, whose answer was lost and which was
        // sent again. Nothing is left to keep; the page says the dossier is there.
        submittedRef.current = false;
        await removeDraft(key);
        props.onAlreadyDeposited?.();
        return;
      }
      const gone = err instanceof ApiError ? uploadsGone(err, body.dossier.listeDossierCritere) : [];
      if (gone.length) {
        // Uploads the server no longer has (expired after 24 hours, or already used): each file,
        // still on the phone, goes up again, and the deposit follows as asked.
        for (const t of form.listeDossierCritere.filter((x) => gone.includes(x.idTypeCritere))) {
          const choice: Choice = {
            ...choicesRef.current[t.idTypeCritere],
            uploadUrl: null,
            televersement: null,
          };
          setChoices((c) => ({ ...c, [t.idTypeCritere]: choice }));
          startUpload(t, choice);
        }
        return;
      }
      const network =
        err instanceof ApiError && (err.status === 0 || err.status >= 500 || err.status === 429);
      if (err instanceof ApiError && err.errors.length)
        setErrors(fieldErrorsOf(err, body.dossier.listeDossierCritere));
      setFailure({ message: network ? messages.envoiInterrompu : errorMessage(err), network });
      if (!network) setSubmittedKept(false);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  const allUp = Object.values(choices).every((c) => !c.file || c.televersement !== null);
  // Asked and every proof up: sent now, and again when the network comes back after a failure.
  useEffect(() => {
    if (submitted && allUp && online && !failure) void send();
    // `send` reads the refs; it runs again when one of these changes.
  }, [submitted, allUp, online, failure]);
  useEffect(() => {
    if (!submitted || !failure?.network) return;
    const again = () => setFailure(null);
    window.addEventListener('online', again);
    const timer = setTimeout(again, RESEND_MS);
    return () => {
      window.removeEventListener('online', again);
      clearTimeout(timer);
    };
  }, [submitted, failure]);

  // Once shown, the red summary follows the form: it says what is still missing, and goes when
  // nothing is (docs/sessions-and-dossiers.md).
  useEffect(() => {
    if (summary !== null) setSummary(validate().summary);
  }, [choices, errors]);

  function submit(e?: FormEvent) {
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
    setFailure(null);
    setSubmittedKept(true);
  }

  // What remains to send: the bytes of the proofs not yet on the server.
  let remaining = 0;
  for (const [id, c] of Object.entries(choices)) {
    if (!c.file || c.televersement) continue;
    const state = proofs[Number(id)];
    remaining += c.file.size - (state && state.kind !== 'envoye' ? state.sent : 0);
  }
  const waitingProofs = submitted && !allUp;

  return (
    <form onSubmit={submit} noValidate className="dossier-form">
      {restored && (
        <p className="notice notice-info" role="status" data-testid="saisie-restauree">
          {messages.saisieRestauree}
        </p>
      )}
      <fieldset className="form-section">
        <legend>{props.identity?.title ?? messages.identiteTitre}</legend>
        <p className="field-hint">{props.identity?.hint ?? messages.identiteAide}</p>
        <dl className="identity-card" data-testid="identite">
          {IDENTITY_FIELDS.map((name) => (
            <div key={name}>
              <dt>{fieldLabel(name)}</dt>
              <dd data-champ={name}>{shownIdentity(form, name) || messages.valeurAbsente}</dd>
            </div>
          ))}
        </dl>
      </fieldset>

      {!existing && form.eligibilite.renouvellementPossible && (
        <div className="field field-inline readmission-choice" data-testid="readmission">
          <input
            type="checkbox"
            id="depot-readmission"
            checked={readmission}
            disabled={busy}
            onChange={(e) => setReadmission(e.target.checked)}
          />
          <label htmlFor="depot-readmission">{messages.demandeReadmission}</label>
        </div>
      )}

      <fieldset className="form-section" disabled={busy}>
        <legend>{messages.criteresTitre}</legend>
        {form.listeDossierCritere.map((t) => {
          const choice = choices[t.idTypeCritere];
          const option = chosenOption(t, choice);
          const before = previous(t.idTypeCritere);
          const sid = selectId(t);
          const fid = fileId(t);
          const fileHint = before?.nomFichier ? `${fid}-ancien` : undefined;
          const state = proofs[t.idTypeCritere];
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
                  {/* An optional type may be left, or set back, to « none ». */}
                  <option value="">
                    {t.obligatoire ? messages.choisir : messages.critereNeSAppliquePas}
                  </option>
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
                  <FileInput
                    id={fid}
                    name={fid}
                    accept="application/pdf,.pdf,image/jpeg,image/png,.jpg,.jpeg,.png"
                    // A file chosen is named under the field with where its sending stands, a proof
                    // already sent above it (« Document actuel »).
                    nothingChosen={!choice?.file && !before?.nomFichier}
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
              {option?.obligatoire && choice?.file && (
                <ProofStatus file={choice.file} state={state} uploaded={choice.televersement !== null} />
              )}
            </div>
          );
        })}
      </fieldset>

      {remaining > 0 && (
        <p className="field-hint" data-testid="reste-a-envoyer">
          {fill(messages.resteAEnvoyer, { taille: frenchFileSize(remaining) })}
        </p>
      )}

      {summary && (
        <p className="error-text" role="alert" data-testid="erreur-depot">
          {summary}
        </p>
      )}

      {waitingProofs && (
        <div className="notice notice-info" role="status" data-testid="depot-en-attente">
          <p>{online ? messages.depotAttendJustificatifs : messages.depotHorsConnexion}</p>
        </div>
      )}
      {submitted && allUp && !online && !busy && (
        <div className="notice notice-info" role="status" data-testid="depot-en-attente">
          <p>{messages.depotHorsConnexion}</p>
        </div>
      )}
      {busy && (
        <p className="upload-title" role="status" data-testid="progression">
          {messages.envoiEnCours}
        </p>
      )}

      {failure && (
        <div className="notice notice-error" role="alert" data-testid="echec-depot">
          <p>{failure.message}</p>
          {failure.network && (
            <button
              type="button"
              className="p-button p-component p-button-outlined"
              onClick={() => setFailure(null)}
            >
              <i className="pi pi-refresh" aria-hidden="true" />
              <span>{messages.reessayer}</span>
            </button>
          )}
        </div>
      )}

      <div className="form-actions">
        <button type="submit" className="p-button p-component" disabled={busy}>
          <i
            className={busy ? 'pi pi-spin pi-spinner' : props.saveDraft ? 'pi pi-save' : 'pi pi-upload'}
            aria-hidden="true"
          />
          <span>{props.saveDraft ? messages.enregistrerBrouillon : messages.deposer}</span>
        </button>
      </div>
    </form>
  );
}

/** After a network failure of the deposit, sent again this often (and at once when back online). */
const RESEND_MS = 15_000;

/** One proof's upload: its bar while it goes up (or waits for the network), then 'Envoyé'. */
function ProofStatus(props: { file: File; state: ProofState | undefined; uploaded: boolean }) {
  const { file, state, uploaded } = props;
  if (uploaded || state?.kind === 'envoye')
    return (
      <p className="proof-status proof-up" data-testid="justificatif-envoye">
        <i className="pi pi-check-circle" aria-hidden="true" />{' '}
        {fill(messages.justificatifEnvoye, { nom: file.name, taille: frenchFileSize(file.size) })}
      </p>
    );
  const sent = state?.sent ?? 0;
  const total = state?.total ?? file.size;
  return (
    <div className="proof-status" data-testid="justificatif-en-cours">
      <ProgressBar
        label={fill(messages.envoiFichier, { nom: file.name })}
        value={total > 0 ? sent / total : 0}
      />
      {state?.kind === 'attente' && <p className="field-hint">{messages.justificatifAttendReseau}</p>}
    </div>
  );
}
