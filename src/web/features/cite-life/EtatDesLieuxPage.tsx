import './cite-life.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { PHOTOS_PER_ELEMENT } from '../../../domain/limits';
import { frenchDateTimeShort } from '../../../domain/format';
import { citeMessages as t } from '../../../domain/messages-cite';
import { messages } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage } from '../../lib/api';
import { roleOf, useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { startUpload, uploadId, type ProofUpload } from '../dossier/resumable';
import {
  citeKeys,
  countersign,
  fetchInventories,
  fetchMyAssignments,
  handKey,
  photoUrl,
  saveInventory,
  photoToSend,
  type InventoryBody,
} from './api';
import { AssignmentPage } from './AssignmentPage';
import { FileInput } from '../../components/FileInput';

type Etat = InventoryBody['elements'][number]['etat'];
const ETATS: Etat[] = ['BON', 'USE', 'ABIME', 'MANQUANT'];

/** A photo of the form: sent (its upload id), being sent, or refused. */
interface PhotoState {
  key: number;
  name: string;
  id: string | null;
  waiting: boolean;
  error: string | null;
  upload: ProofUpload;
}

const date = (iso: string | null | undefined) => (iso ? frenchDateTimeShort(new Date(iso)) : '');

/** /etat-des-lieux/:idAffectation (an agent of the cité, the admin) and /mon-arrivee (the resident). */
export default function EtatDesLieuxPage() {
  return (
    <AssignmentPage
      title={t.arriveeTitre}
      none={t.aucuneAffectation}
      mineKey={citeKeys.mine}
      fetchMine={fetchMyAssignments}
    >
      {(id) => <Arrival idAffectation={id} />}
    </AssignmentPage>
  );
}

function Arrival({ idAffectation }: { idAffectation: number }) {
  const role = roleOf(useUser());
  const agent = can(role, 'cite.agent');
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: citeKeys.inventory(idAffectation),
    queryFn: ({ signal }) => fetchInventories(idAffectation, signal),
  });
  const [codeCle, setCodeCle] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** A saved inventory reopened for a correction (while it may still be written). */
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: citeKeys.inventory(idAffectation) });

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  const d = query.data;
  const entree = d.inventaires.find((i) => i.type === 'ENTREE');

  async function giveKey(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await handKey(idAffectation, codeCle.trim());
      toast.success(answer.message);
      await refresh();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function sign(id: number) {
    setBusy(true);
    try {
      const answer = await countersign(id);
      toast.success(answer.message);
      await refresh();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card cite-arrival">
      <h1>{t.arriveeTitre}</h1>
      <p className="cite-place">
        <strong>{d.etudiant}</strong> ({d.ine})<br />
        {d.nomCite}, {d.libelleChambre}, {d.libelleLit}
      </p>
      <h2>{t.cleTitre}</h2>
      {d.codeCle ? (
        <p data-testid="cle-remise">{fill(t.cleRemiseLe, { code: d.codeCle, date: date(d.remiseLe) })}</p>
      ) : agent ? (
        <form className="cite-key" onSubmit={giveKey} noValidate>
          <label htmlFor="codeCle">{t.codeCle}</label>
          <input
            id="codeCle"
            className="p-inputtext p-component"
            value={codeCle}
            maxLength={40}
            onChange={(e) => setCodeCle(e.target.value)}
          />
          <button type="submit" className="p-button p-component" disabled={busy || !codeCle.trim()}>
            <i className="pi pi-key" aria-hidden="true" />
            <span>{t.remettreCle}</span>
          </button>
        </form>
      ) : (
        <p>{t.cleNonRemise}</p>
      )}
      <h2>{t.etatDesLieuxTitre}</h2>
      {!d.codeCle ? (
        // Before the key: what will happen, and when, rather than an empty block.
        <p className="notice notice-info" data-testid="etat-des-lieux-a-venir">
          {agent ? t.etatDesLieuxApresCleAgent : t.etatDesLieuxApresCle}
        </p>
      ) : entree && !editing ? (
        // Saved: what was recorded, read-only; a correction is asked for, never left open.
        <div data-testid="etat-des-lieux-entree">
          <p>
            {fill(t.saisiPar, {
              qui: entree.parResidant ? t.parResidant : t.parAgent,
              date: date(entree.dateSaisie),
            })}{' '}
            {entree.valideLe ? fill(t.contresigneLe, { date: date(entree.valideLe) }) : t.nonContresigne}
          </p>
          <ul className="cite-elements">
            {entree.elements.map((e) => (
              <li key={e.idElementInventaire}>
                <strong>{e.libelleElement}</strong> — {t.etats[e.etat]}
                {e.commentaire ? ` (${e.commentaire})` : ''}
                {e.photos.length > 0 && (
                  <span className="cite-photos">
                    {e.photos.map((p) => (
                      <StoredPhoto key={p} idPhoto={p} element={e.libelleElement} />
                    ))}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {d.peutRemplirEntree && (
            <>
              <p className="field-hint" data-testid="correction-possible">
                {agent ? t.corrigerAgent : fill(t.corrigerJusquAu, { date: date(d.limiteEtatDesLieux) })}
              </p>
              <p className="cite-actions">
                {agent && !entree.valideLe && (
                  <button
                    type="button"
                    className="p-button p-component cite-sign"
                    disabled={busy}
                    onClick={() => void sign(entree.idEtatDesLieux)}
                  >
                    <i className="pi pi-check" aria-hidden="true" />
                    <span>{t.contresigner}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="p-button p-component p-button-outlined"
                  onClick={() => setEditing(true)}
                >
                  <i className="pi pi-pencil" aria-hidden="true" />
                  <span>{t.corriger}</span>
                </button>
              </p>
            </>
          )}
        </div>
      ) : d.peutRemplirEntree ? (
        <>
          <InventoryForm
            idAffectation={idAffectation}
            elements={d.elementsChambre}
            deadline={agent ? null : d.limiteEtatDesLieux}
            initial={entree?.elements ?? []}
            onSaved={async () => {
              await refresh();
              setEditing(false);
            }}
          />
          {editing && (
            <p>
              <button
                type="button"
                className="p-button p-component p-button-text"
                onClick={() => setEditing(false)}
              >
                {t.annulerCorrection}
              </button>
            </p>
          )}
        </>
      ) : (
        <p className="notice notice-info" data-testid="etat-des-lieux-delai-passe">
          {t.etatDesLieuxDelaiPasse}
        </p>
      )}
      {d.departPossible && (
        <p>
          <Link to={paths.depart(idAffectation)} className="p-button p-component p-button-outlined">
            <i className="pi pi-sign-out" aria-hidden="true" />
            <span>{t.departLien}</span>
          </Link>
        </p>
      )}
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}

/** A stored photo, fetched with the session's token. */
export function StoredPhoto({ idPhoto, element }: { idPhoto: number; element: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void photoUrl(idPhoto)
      .then((u) => {
        url = u;
        if (live) setSrc(u);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [idPhoto]);
  return src ? <img src={src} alt={fill(t.photoAlt, { element })} className="cite-photo" /> : null;
}

export function InventoryForm(props: {
  idAffectation: number;
  /** ENTREE (default) or SORTIE. */
  type?: 'ENTREE' | 'SORTIE';
  submitLabel?: string;
  elements: { idElementInventaire: number; libelleElement: string; quantite: number }[];
  deadline: string | null;
  /** The states of the inventory it replaces (filled, not countersigned yet), with its photos (ids). */
  initial: { idElementInventaire: number; etat: Etat; commentaire: string | null; photos?: number[] }[];
  onSaved: () => Promise<unknown>;
}) {
  const toast = useToast();
  const [etats, setEtats] = useState<Record<number, Etat>>(() =>
    Object.fromEntries(props.initial.map((e) => [e.idElementInventaire, e.etat])),
  );
  const [comments, setComments] = useState<Record<number, string>>(() =>
    Object.fromEntries(props.initial.map((e) => [e.idElementInventaire, e.commentaire ?? ''])),
  );
  // The photos sent earlier per element: a correction keeps them unless new ones are added.
  const earlier: Record<number, number> = Object.fromEntries(
    props.initial.map((e) => [e.idElementInventaire, e.photos?.length ?? 0]),
  );
  const [photos, setPhotos] = useState<Record<number, PhotoState[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const counter = useRef(0);

  const setPhoto = (element: number, key: number, change: Partial<PhotoState>) =>
    setPhotos((all) => ({
      ...all,
      [element]: (all[element] ?? []).map((p) => (p.key === key ? { ...p, ...change } : p)),
    }));

  async function addPhoto(element: number, file: File) {
    const key = (counter.current += 1);
    const { blob, name } = await photoToSend(file);
    const upload = startUpload(blob, { usage: 'photo', filename: name }, null, {
      onProgress: () => undefined,
      onUrl: () => undefined,
      onWaiting: (waiting) => setPhoto(element, key, { waiting }),
    });
    setPhotos((all) => ({
      ...all,
      [element]: [...(all[element] ?? []), { key, name, id: null, waiting: false, error: null, upload }],
    }));
    upload.done.then(
      (url) => setPhoto(element, key, { id: uploadId(url), waiting: false }),
      (err: unknown) => setPhoto(element, key, { error: errorMessage(err), waiting: false }),
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const pending = Object.values(photos)
      .flat()
      .some((p) => p.id === null && p.error === null);
    if (pending) {
      setFailure(t.photosEnCours);
      return;
    }
    // A photo that failed is never dropped without a word: the resident removes it (or sends it again).
    if (
      Object.values(photos)
        .flat()
        .some((p) => p.error !== null)
    ) {
      setFailure(t.photosEchouees);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await saveInventory({
        idAffectation: props.idAffectation,
        type: props.type ?? 'ENTREE',
        elements: props.elements.map((el) => ({
          idElementInventaire: el.idElementInventaire,
          etat: etats[el.idElementInventaire] ?? 'BON',
          commentaire: comments[el.idElementInventaire]?.trim() || null,
          photos: (photos[el.idElementInventaire] ?? []).flatMap((p) => (p.id ? [p.id] : [])),
        })),
      });
      toast.success(answer.message);
      setPhotos({});
      await props.onSaved();
    } catch (err) {
      setFailure(err instanceof ApiError ? errorMessage(err) : messages.echecEnvoiDonnees);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cite-inventory" onSubmit={submit} noValidate data-testid="formulaire-etat-des-lieux">
      {props.deadline && <p>{fill(t.delai, { date: date(props.deadline) })}</p>}
      {props.elements.map((el) => {
        const id = el.idElementInventaire;
        const list = photos[id] ?? [];
        return (
          <fieldset key={id} className="cite-element">
            <legend>
              {el.libelleElement}{' '}
              <span className="cite-quantite">{fill(t.quantite, { n: el.quantite })}</span>
            </legend>
            <label htmlFor={`etat-${id}`}>{t.etat}</label>
            <select
              id={`etat-${id}`}
              className="p-inputtext p-component"
              value={etats[id] ?? 'BON'}
              onChange={(e) => setEtats((x) => ({ ...x, [id]: e.target.value as Etat }))}
            >
              {ETATS.map((v) => (
                <option key={v} value={v}>
                  {t.etats[v]}
                </option>
              ))}
            </select>
            <label htmlFor={`commentaire-${id}`}>{t.commentaire}</label>
            <textarea
              id={`commentaire-${id}`}
              className="p-inputtext p-component"
              rows={2}
              maxLength={500}
              value={comments[id] ?? ''}
              onChange={(e) => setComments((x) => ({ ...x, [id]: e.target.value }))}
            />
            <label htmlFor={`photo-${id}`}>{t.photos}</label>
            {(earlier[id] ?? 0) > 0 && (
              <p className="field-hint" data-testid="photos-gardees">
                {fill(t.photosGardees, { n: earlier[id] })}
              </p>
            )}
            <FileInput
              id={`photo-${id}`}
              buttonText={messages.ajouterPhoto}
              icon="pi-camera"
              accept="image/jpeg,image/png"
              capture="environment"
              disabled={list.filter((p) => p.error === null).length >= PHOTOS_PER_ELEMENT}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void addPhoto(id, file);
              }}
            />
            {list.length > 0 && (
              <ul className="cite-photo-list" aria-live="polite">
                {list.map((p) => (
                  <li key={p.key} data-testid="photo-etat">
                    {p.name}
                    {'\u00a0'}:{' '}
                    {p.error ?? (p.id ? t.photoEnvoyee : p.waiting ? t.photoAttente : t.photoEnvoi)}
                    {p.error !== null && (
                      <button
                        type="button"
                        className="p-button p-component p-button-text p-button-sm"
                        aria-label={fill(t.photoRetirerNom, { nom: p.name })}
                        onClick={() =>
                          setPhotos((all) => ({
                            ...all,
                            [id]: (all[id] ?? []).filter((x) => x.key !== p.key),
                          }))
                        }
                      >
                        {t.photoRetirer}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        );
      })}
      <button type="submit" className="p-button p-component btn-block" disabled={busy}>
        <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-save'} aria-hidden="true" />
        <span>{props.submitLabel ?? t.enregistrer}</span>
      </button>
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
