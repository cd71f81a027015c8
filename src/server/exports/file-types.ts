/** The content types of the files the API answers, by the `format` that asks for them. */
export const FILE_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  /** The photos of an inventory (docs/life-in-the-cite.md). */
  jpeg: 'image/jpeg',
  png: 'image/png',
} as const;
export type FileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];

/** A CSV answer's `Content-Type`: the project writes CSV in UTF-8. */
export const CSV_CONTENT_TYPE = `${FILE_TYPES.csv}; charset=utf-8`;
