import '../../lib/prime';
import '../staff/staff.css';
import '../deliberation/deliberation.css';
import '../registry/registry.css';
import type { FormEvent } from 'react';
import { ADMISSIBLE_COLUMNS, ADMISSIBLE_TEMPLATE_FILE_NAME } from '../../../domain/admissibles';
import { messages } from '../../../domain/messages';
import { apiUrlOf } from '../../lib/client';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { chargerAdmissibles } from './api';
import { CsvFileField, CsvUploadOutcome, useCsvUpload } from '../../components/CsvUpload';
import { useSessionChooser } from '../staff/SessionChooser';
import { ColumnNames } from '../../components/ColumnNames';

/**
 * /charger-fichier-admissibles (docs/deliberation.md#admitted-students-and-the-admissible-upload): the template, a
 * session, a CSV file (the extension in any case; nothing is sent without one), 'Valider le
 * chargement', then a green 'Chargement réussi !' with the count or a red failure with the table
 * of bad rows (nothing was loaded: the server takes the whole file or nothing).
 */
export default function ChargementAdmissiblesPage() {
  useDocumentTitle(messages.chargementTitre);
  const { chosen, fields } = useSessionChooser('admissibles.upload', 'chargement');
  const upload = useCsvUpload(async (file) => {
    if (!chosen) throw new Error(messages.choisir);
    const res = await chargerAdmissibles(file, chosen.idSessionCenou);
    return res?.importes ?? 0;
  });

  function send(e: FormEvent) {
    e.preventDefault();
    if (chosen) void upload.send();
  }

  return (
    <section className="resource-screen">
      <h1>{messages.chargementTitre}</h1>
      <p className="staff-intro">{messages.chargementIntro}</p>
      <p className="import-columns">
        {messages.colonnesAttendues} <ColumnNames columns={ADMISSIBLE_COLUMNS} />
      </p>
      <p>
        <a href={apiUrlOf('/campus/chargement-admissibles/modele')} download={ADMISSIBLE_TEMPLATE_FILE_NAME}>
          <i className="pi pi-download" aria-hidden="true" /> {messages.telechargerModele}
        </a>
      </p>
      {fields}
      <form className="chargement-form" onSubmit={send} noValidate>
        <CsvFileField upload={upload} />
        <button type="submit" className="p-button p-component" disabled={upload.busy || !chosen}>
          <i className={upload.busy ? 'pi pi-spin pi-spinner' : 'pi pi-upload'} aria-hidden="true" />
          <span>{messages.validerChargement}</span>
        </button>
      </form>

      <CsvUploadOutcome
        upload={upload}
        testId="chargement"
        success={(importes) => fill(messages.chargementCompte, { importes })}
      />
    </section>
  );
}
