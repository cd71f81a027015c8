/**
 * Tiny, valid one-page PDF documents written by hand (no library, a few hundred bytes each): the
 * demo's proofs and the bench's uploads. Text in Helvetica with WinAnsiEncoding, so that French
 * accents and « œ » show; characters outside it become `?`.
 */

/** The characters WinAnsiEncoding holds beyond Latin-1 (œ of « œuvres », typographic quotes, dashes), by their byte. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  Œ: 0x8c,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
  œ: 0x9c,
};

/** WinAnsi bytes (as Latin-1 characters) of a PDF string literal, `(`, `)` and `\` escaped. */
function literal(text: string): string {
  const latin = [...text.normalize('NFC')]
    .map((c) =>
      c.charCodeAt(0) <= 0xff ? c : WIN_ANSI[c] !== undefined ? String.fromCharCode(WIN_ANSI[c]) : '?',
    )
    .join('');
  return `(${latin.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A one-page A4 PDF showing `title` and `lines`. `padding` bytes (spaces in an unused stream
 * object) make it as large as wanted: the bench's 1 MB proofs.
 */
export function textPdf(title: string, lines: readonly string[], padding = 0): Buffer {
  const ops = [
    'BT',
    '/F1 16 Tf',
    '56 780 Td',
    `${literal(title)} Tj`,
    '/F1 11 Tf',
    '0 -28 Td',
    ...lines.flatMap((l) => [`${literal(l)} Tj`, '0 -16 Td']),
    'ET',
  ].join('\n');
  const content = Buffer.from(ops, 'latin1');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
  ];
  if (padding > 0) {
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${padding} >>\nstream\n`),
        Buffer.alloc(padding, 0x20),
        Buffer.from('\nendstream'),
      ]),
    );
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    offset += obj.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
