import { Link, useParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { StudentResult } from './StudentResult';

/** /mon-resultat/{idDossier}: the student's result alone (the lead may fold it into the dashboard). */
export default function ResultatPage() {
  useDocumentTitle(messages.monResultatTitre);
  const { idDossier } = useParams();
  const id = Number(idDossier);
  return (
    <section className="resource-screen">
      <h1>{messages.monResultatTitre}</h1>
      {Number.isInteger(id) && id > 0 ? (
        <StudentResult idDossier={id} />
      ) : (
        <p className="p-error">{messages.erreurIntrouvable}</p>
      )}
      <p>
        <Link to={paths.tableauDeBord}>{messages.retourTableauDeBord}</Link>
      </p>
    </section>
  );
}
