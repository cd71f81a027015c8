import '../cite-life/cite-life.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../domain/messages';
import { enumLabels } from '../../../domain/messages-labels';
import { repairMessages as t } from '../../../domain/messages-repairs';
import {
  CATEGORIES_INTERVENTION,
  LIEUX_INTERVENTION,
  PHOTOS_PAR_INTERVENTION,
  PRIORITES_INTERVENTION,
} from '../../../domain/repairs';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { photoToSend } from '../cite-life/api';
import { startUpload, uploadId, type ProofUpload } from '../dossier/resumable';
import { fetchPlaces, repairKeys, sendReport, type ReportBody } from './api';
import { FileInput } from '../../components/FileInput';

/** A photo of the form: sent (its upload id), being sent, or refused. */
interface PhotoState {
  key: number;
  name: string;
  id: string | null;
  waiting: boolean;
  error: string | null;
  upload: ProofUpload;
}

/**
 * The photos of a form, shrunk on the phone and sent through the resumable uploads as the
 * inventory's are (usage `photo`), each with its state.
 */
function usePhotos() {
  const [photos, setPhotos] = useState<PhotoState[]>([]);
  const counter = useRef(0);
  const set = (key: number, change: Partial<PhotoState>) =>
    setPhotos((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  async function add(file: File) {
    const key = (counter.current += 1);
    const { blob, name } = await photoToSend(file);
    const upload = startUpload(blob, { usage: 'photo', filename: name }, null, {
      onProgress: () => undefined,
      onUrl: () => undefined,
      onWaiting: (waiting) => set(key, { waiting }),
    });
    setPhotos((all) => [...all, { key, name, id: null, waiting: false, error: null, upload }]);
    upload.done.then(
      (url) => set(key, { id: uploadId(url), waiting: false }),
      (err: unknown) => set(key, { error: errorMessage(err), waiting: false }),
    );
  }
  const remove = (key: number) => setPhotos((all) => all.filter((p) => p.key !== key));
  return { photos, add, remove, reset: () => setPhotos([]) };
}

type Where = 'chambre' | 'lieu';

/** /signaler-probleme: the resident (or an agent) reports a problem of a room or of a common place. */
export default function ReportPage() {
  useDocumentTitle(t.signalerTitre);
  const places = useQuery({ queryKey: repairKeys.places, queryFn: ({ signal }) => fetchPlaces(signal) });
  if (places.isPending) return <Loading />;
  if (places.isError) return <LoadFailure error={places.error} onRetry={() => void places.refetch()} />;
  const { chambres, cites } = places.data;
  return (
    <section className="card cite-arrival">
      <h1>{t.signalerTitre}</h1>
      {chambres.length === 0 && cites.length === 0 ? (
        <p>{t.aucunLieu}</p>
      ) : (
        <>
          <p>{t.signalerIntro}</p>
          <ReportForm chambres={chambres} cites={cites} />
        </>
      )}
    </section>
  );
}

function ReportForm(props: {
  chambres: { idChambre: number; libelleChambre: string; nomCite: string }[];
  cites: { idCite: number; nomCite: string }[];
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { photos, add, remove } = usePhotos();
  const [where, setWhere] = useState<Where>(props.chambres.length ? 'chambre' : 'lieu');
  const [idChambre, setIdChambre] = useState(props.chambres[0]?.idChambre ?? 0);
  const [idCite, setIdCite] = useState(props.cites[0]?.idCite ?? 0);
  const [lieu, setLieu] = useState('');
  const [categorie, setCategorie] = useState('');
  const [priorite, setPriorite] = useState<ReportBody['priorite']>('NORMALE');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const missing: Record<string, string> = {};
    if (where === 'lieu' && !lieu) missing.lieu = t.champObligatoire;
    if (!categorie) missing.categorie = t.champObligatoire;
    if (!description.trim()) missing.description = t.champObligatoire;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    if (photos.some((p) => p.id === null && p.error === null)) return setFailure(t.photosEnCours);
    if (photos.some((p) => p.error !== null)) return setFailure(t.photosEchouees);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await sendReport({
        ...(where === 'chambre' ? { idChambre } : { idCite, lieu: lieu as ReportBody['lieu'] }),
        categorie: categorie as ReportBody['categorie'],
        priorite,
        description: description.trim(),
        photos: photos.flatMap((p) => (p.id ? [p.id] : [])),
      });
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey: repairKeys.list() });
      void navigate(paths.intervention(answer.idIntervention));
    } catch (err) {
      if (err instanceof ApiError && err.errors.length)
        setErrors(Object.fromEntries(err.errors.map((f) => [f.champ.split('.')[0], f.message])));
      setFailure(err instanceof ApiError ? errorMessage(err) : messages.echecEnvoiDonnees);
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (name: string) =>
    errors[name] ? (
      <small id={`${name}-erreur`} className="error-text">
        {errors[name]}
      </small>
    ) : null;
  const described = (name: string) => (errors[name] ? `${name}-erreur` : undefined);

  return (
    <form className="cite-inventory" onSubmit={submit} noValidate data-testid="formulaire-intervention">
      {props.chambres.length > 0 && (
        <fieldset className="cite-element">
          <legend>{t.ou}</legend>
          <label>
            <input
              type="radio"
              name="ou"
              checked={where === 'chambre'}
              onChange={() => setWhere('chambre')}
            />{' '}
            {t.maChambre}
          </label>
          <label>
            <input type="radio" name="ou" checked={where === 'lieu'} onChange={() => setWhere('lieu')} />{' '}
            {t.lieuCommun}
          </label>
        </fieldset>
      )}
      <fieldset className="cite-element">
        {where === 'chambre' ? (
          <>
            <label htmlFor="intervention-chambre">{t.chambre}</label>
            <select
              id="intervention-chambre"
              className="p-inputtext p-component"
              value={idChambre}
              onChange={(e) => setIdChambre(Number(e.target.value))}
            >
              {props.chambres.map((c) => (
                <option key={c.idChambre} value={c.idChambre}>
                  {`${c.nomCite} — ${c.libelleChambre}`}
                </option>
              ))}
            </select>
          </>
        ) : (
          <>
            <label htmlFor="intervention-cite">{t.cite}</label>
            <select
              id="intervention-cite"
              className="p-inputtext p-component"
              value={idCite}
              onChange={(e) => setIdCite(Number(e.target.value))}
            >
              {props.cites.map((c) => (
                <option key={c.idCite} value={c.idCite}>
                  {c.nomCite}
                </option>
              ))}
            </select>
            <label htmlFor="intervention-lieu">{t.lieu}</label>
            <select
              id="intervention-lieu"
              className="p-inputtext p-component"
              value={lieu}
              aria-invalid={Boolean(errors.lieu)}
              aria-describedby={described('lieu')}
              onChange={(e) => setLieu(e.target.value)}
            >
              <option value="">{t.choisir}</option>
              {LIEUX_INTERVENTION.map((v) => (
                <option key={v} value={v}>
                  {enumLabels.lieu[v]}
                </option>
              ))}
            </select>
            {fieldError('lieu')}
          </>
        )}
        <label htmlFor="intervention-categorie">{t.categorie}</label>
        <select
          id="intervention-categorie"
          className="p-inputtext p-component"
          value={categorie}
          aria-invalid={Boolean(errors.categorie)}
          aria-describedby={described('categorie')}
          onChange={(e) => setCategorie(e.target.value)}
        >
          <option value="">{t.choisir}</option>
          {CATEGORIES_INTERVENTION.map((v) => (
            <option key={v} value={v}>
              {enumLabels.categorie[v]}
            </option>
          ))}
        </select>
        {fieldError('categorie')}
        <label htmlFor="intervention-priorite">{t.priorite}</label>
        <select
          id="intervention-priorite"
          className="p-inputtext p-component"
          value={priorite}
          aria-describedby="intervention-priorite-aide"
          onChange={(e) => setPriorite(e.target.value as ReportBody['priorite'])}
        >
          {PRIORITES_INTERVENTION.map((v) => (
            <option key={v} value={v}>
              {enumLabels.priorite[v]}
            </option>
          ))}
        </select>
        <small id="intervention-priorite-aide">{t.prioriteAide}</small>
        <label htmlFor="intervention-description">{t.description}</label>
        <textarea
          id="intervention-description"
          className="p-inputtext p-component"
          rows={4}
          maxLength={1000}
          value={description}
          placeholder={t.descriptionAide}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={described('description')}
          onChange={(e) => setDescription(e.target.value)}
        />
        {fieldError('description')}
        <label htmlFor="intervention-photo">{t.photos}</label>
        <FileInput
          id="intervention-photo"
          buttonText={messages.ajouterPhoto}
          icon="pi-camera"
          accept="image/jpeg,image/png"
          capture="environment"
          disabled={photos.filter((p) => p.error === null).length >= PHOTOS_PAR_INTERVENTION}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void add(file);
          }}
        />
        {photos.length > 0 && (
          <ul className="cite-photo-list" aria-live="polite">
            {photos.map((p) => (
              <li key={p.key} data-testid="photo-intervention">
                {p.name}
                {'\u00a0'}: {p.error ?? (p.id ? t.photoEnvoyee : p.waiting ? t.photoAttente : t.photoEnvoi)}{' '}
                <button
                  type="button"
                  className="p-button p-component p-button-text p-button-sm"
                  aria-label={`${t.photoRetirer} ${p.name}`}
                  onClick={() => remove(p.key)}
                >
                  {t.photoRetirer}
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <button type="submit" className="p-button p-component btn-block" disabled={busy}>
        <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-send'} aria-hidden="true" />
        <span>{t.envoyer}</span>
      </button>
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
