import type { MessageKey } from '../messages';
import type { Permission } from '../permissions';

/** `tel`: a phone number as the product reads them (src/domain/phone.ts), stored normalised by its resource's hook. */
export type FieldType =
  'text' | 'integer' | 'boolean' | 'date' | 'enum' | 'ref' | 'email' | 'tel' | 'password';

/** One field of a reference-data resource. Its database column is the snake_case of `name`. */
export interface FieldDef {
  /** API name, camelCase, exactly as the API spells it (docs/api.md#base-paths). */
  name: string;
  type: FieldType;
  /** French label; defaults to the shared `fieldLabels` entry. */
  label?: string;
  /** A value must be given (null, missing and blank are refused with 'Ce champ est obligatoire.'). */
  required?: boolean;
  /** Required on create only (passwords: blank on update keeps the old one). */
  requiredOnCreate?: boolean;
  /** Smallest accepted integer. */
  min?: number;
  /** Largest accepted integer. */
  max?: number;
  maxLength?: number;
  minLength?: number;
  /** Enumeration values (type `enum`). */
  values?: readonly string[];
  /** Parent resource name (type `ref`). */
  ref?: string;
  /** Cascading dropdown: the field whose value filters this one's options (`?{cascadeFrom}=value`). */
  cascadeFrom?: string;
  /** Client-only helper used to narrow a cascade; never stored nor sent as data. */
  virtual?: boolean;
  /** Unique among live rows (409 DOUBLON). */
  unique?: boolean;
  default?: string | number | boolean | null;
  /** Never returned by the server (passwords). */
  writeOnly?: boolean;
  /** Computed by the server; shown, never accepted from the client. */
  readOnly?: boolean;
  /** Shown in the form dialog (default true unless readOnly). */
  form?: boolean;
  /** Form-only confirmation of another field, checked by the client only (password2). */
  confirms?: string;
  /**
   * The field has a meaning only when another field holds one of `values` (an account's direction:
   * only for a regional manager or a student, docs/roles.md): then it is required; otherwise it must
   * stay blank (refused with the catalogue's message `otherwise`), and the form hides it.
   */
  onlyWhen?: { field: string; values: readonly string[]; otherwise: MessageKey };
}

export type MenuGroup = 'cite' | 'critere' | 'paiement' | 'autres' | 'administration';

/** A reference-data resource: the server's routes and validation and the client's screen come from it. */
export interface ResourceDef<N extends string = string> {
  /** URL segment under `campus/` (a literal type in the definitions: see `ResourceName`). */
  name: N;
  /** Database table. */
  table: string;
  /** Primary key as named in the API. */
  idField: string;
  /** Screen title and dialog title. */
  title: string;
  dialogTitle: string;
  /** Client route. */
  path: string;
  menuGroup: MenuGroup;
  fields: FieldDef[];
  /** Fields this resource lends to the rows of resources that reference it (display fields). */
  exports: string[];
  /** Table columns, in order (own or inherited display fields). */
  columns: string[];
  /** Label of a row in a dropdown. */
  optionLabel: (row: Record<string, unknown>) => string;
  /** Compound unique keys among live rows (409 DOUBLON). */
  uniques?: string[][];
  /** Default order of lists. */
  defaultSort: string;
  access: { read: Permission; write: Permission };
  /** Rows per page on the screen (default 5: src/web/README.md#lists-server-paginated-screens). */
  pageSize?: number;
  /** Columns of the CSV/XLSX export, when they differ from the table's (the beds' export screen). */
  exportColumns?: string[];
  /**
   * The table's live rows are counted by the database (migration 0016, `compteur_lignes`): a list
   * with no filter nor search reads its total there instead of counting every row.
   */
  counted?: boolean;
}

export type ResourceRow = Record<string, unknown>;
