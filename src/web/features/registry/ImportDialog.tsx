import '../../lib/prime';
import { messages } from '../../../domain/messages';
import {
  REGISTRY_COLUMNS,
  REGISTRY_OPTIONAL_COLUMNS,
  REGISTRY_TEMPLATE_FILE_NAME,
} from '../../../domain/registry';
import type { RegistryImportAnswer } from '../../../domain/schemas/registry';
import { fill } from '../../lib/format';
import { PrimeDialog } from '../../components/PrimeDialog';
import { CsvFileField, CsvUploadOutcome, useCsvUpload } from '../../components/CsvUpload';
import { importRegistry, registryTemplateUrl } from './api';
import { ColumnNames } from '../../components/ColumnNames';

/**
 * 'Importer' (docs/accounts.md): the template to download, a CSV to choose (other extensions are refused
 * here), 'Valider le chargement' sending it as base64. A good file: green 'Chargement réussi !'
 * with the counts; a rejected one: red 'Échec du chargement !' and the table of its row errors
 * (nothing was imported: the server takes the whole file or nothing).
 */
export function ImportDialog(props: {
  onClose: () => void;
  onImported: (counts: RegistryImportAnswer) => void;
}) {
  const upload = useCsvUpload(importRegistry);

  async function send() {
    const counts = await upload.send();
    if (counts) props.onImported(counts);
  }

  const footer = (
    <div className="dialog-footer">
      <button type="button" className="p-button p-component p-button-text" onClick={props.onClose}>
        <i className="pi pi-times" aria-hidden="true" />
        <span>{messages.quitter}</span>
      </button>
      <button type="button" className="p-button p-component" onClick={send} disabled={upload.busy}>
        <i className={upload.busy ? 'pi pi-spin pi-spinner' : 'pi pi-upload'} aria-hidden="true" />
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
        {messages.colonnesAttendues} <ColumnNames columns={REGISTRY_COLUMNS} />
      </p>
      <p className="import-columns" data-testid="colonne-facultative">
        {messages.colonneFacultative} <ColumnNames columns={REGISTRY_OPTIONAL_COLUMNS} />
      </p>
      <p>
        <a href={registryTemplateUrl()} download={REGISTRY_TEMPLATE_FILE_NAME}>
          <i className="pi pi-download" aria-hidden="true" /> {messages.telechargerModele}
        </a>
      </p>
      <CsvFileField upload={upload} />
      <CsvUploadOutcome
        upload={upload}
        testId="import"
        success={(counts) => fill(messages.importCompte, { ...counts })}
      />
    </PrimeDialog>
  );
}
