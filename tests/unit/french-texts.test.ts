import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The catalogue's rule (docs/messages.md): every French text a person reads is written in
 * src/domain/messages.ts, but for the places listed here, each for its reason. The scan reads the
 * string literals, template texts and JSX texts of src/ (tests aside; SQL in tagged templates
 * aside) and reports every French-looking one found elsewhere.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The files where French is at home. */
const ALLOWED_FILES = [
  // The catalogue, and its part loaded only with the deposit form (docs/decisions/020-photos-into-pdf.md).
  'src/domain/messages.ts',
  'src/domain/messages-photos.ts',
  // Its part loaded only with the phone's screens (decision 030).
  'src/domain/messages-phone.ts',
  // The labels of enumeration values and audit actions, loaded only with what shows one (decision 083).
  'src/domain/messages-labels.ts',
  // Its part loaded only with the procurations' screens (docs/procurations.md).
  'src/domain/messages-procurations.ts',
  // Its part loaded only with the student's room-choice screens (docs/room-choice.md).
  'src/domain/messages-room-choice.ts',
  // Its part loaded only with life in the cité's pages (docs/life-in-the-cite.md).
  'src/domain/messages-cite.ts',
  // Its part loaded only with the repairs pages (docs/life-in-the-cite.md#repairs).
  'src/domain/messages-repairs.ts',
  // Its part loaded only with the statistics page (docs/statistics.md).
  'src/domain/messages-statistics.ts',
  // The SMS texts: the catalogue's part in the GSM alphabet (no no-break space, no ’; typography aside).
  'src/domain/messages-sms.ts',
  // The USSD screens: the catalogue's part in the GSM alphabet, as the SMS texts.
  'src/domain/messages-ussd.ts',
  // Long-form content, loaded only with what shows it.
  'src/web/features/home/content.ts',
  'src/web/features/home/faq-content.ts',
  'src/web/features/documents/content.ts',
  // Field labels and resource titles, declared with the resources they name.
  'src/domain/resources/labels.ts',
  'src/domain/resources/definitions.ts',
  'src/domain/resources/screens.ts',
  // Data: the directions and towns; the GSM alphabet and the characters written another way in it.
  'src/domain/villes.ts',
  'src/domain/gsm.ts',
];
/** Demo data, with its loader's checks and report. */
const ALLOWED_FOLDERS = ['src/server/seed/'];
/** The API's documentation, beside the routes it documents (server only). */
const DOC_PROPERTIES = new Set(['summary', 'description']);
/** Example rows of the CSV templates (data). */
const DATA_DECLARATION = /_TEMPLATE_EXAMPLE$/;

const ACCENTED = /[àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»’]/;
const FRENCH_WORDS = new Set(
  'le la les un une des du de est et ou pour vous votre vos avec dans sur pas ne au aux ce cette sont qui que son sa ses'.split(
    ' ',
  ),
);

/** Punctuation and spaces only (« and » with a no-break space): signs, no words to translate. */
const SIGNS_ONLY = /^[\p{P}\s]*$/u;

/**
 * A text that reads as French: an accented letter or French quotes, or two French small words. A
 * text of punctuation and spaces only (the quotes and the no-break space a code writes around a
 * name) has no word to read, so it is no French text.
 */
export function looksFrench(text: string): boolean {
  if (SIGNS_ONLY.test(text)) return false;
  if (ACCENTED.test(text)) return true;
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.length >= 3 && new Set(words.filter((w) => FRENCH_WORDS.has(w))).size >= 2;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Whether the node is the value of a `summary:`/`description:` property, or inside one's template. */
function isDocumentation(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if (ts.isPropertyAssignment(n)) return ts.isIdentifier(n.name) && DOC_PROPERTIES.has(n.name.text);
    if (ts.isStatement(n)) return false;
  }
  return false;
}

function inDataDeclaration(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node; n; n = n.parent)
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && DATA_DECLARATION.test(n.name.text))
      return true;
  return false;
}

/** `file:line: "text"` for every French-looking text of a file outside what the rule allows. */
export function strayTexts(file: string, code: string): string[] {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  const source = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTaggedTemplateExpression(node))
      return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      text = node.text;
    else if (ts.isJsxText(node)) text = node.text.trim();
    if (
      text &&
      looksFrench(text) &&
      !((rel.startsWith('src/server/') || rel.startsWith('src/domain/schemas/')) && isDocumentation(node)) &&
      !inDataDeclaration(node)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${rel}:${line}: ${JSON.stringify(text)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * French typography (docs/messages.md): a no-break space (U+00A0, the one the catalogue uses, also
 * inside « ») before : ; ! ? so that a line never starts with the mark, and the typographic
 * apostrophe ’. Checked in the catalogue, the field labels and titles, and every text of the web
 * client (the server's mails and journal lines are not yet written this way).
 */
const TYPOGRAPHY_SCOPE = [
  'src/domain/messages.ts',
  'src/domain/messages-photos.ts',
  'src/domain/messages-phone.ts',
  'src/domain/messages-labels.ts',
  'src/domain/messages-procurations.ts',
  'src/domain/messages-room-choice.ts',
  'src/domain/messages-cite.ts',
  'src/domain/messages-repairs.ts',
  'src/domain/messages-statistics.ts',
  'src/domain/resources/labels.ts',
  'src/domain/resources/definitions.ts',
  'src/domain/resources/screens.ts',
  'src/web/',
];
/** Any space but U+00A0 before a high mark: a plain one (a line may break there), or another kind. */
const SPACE_BEFORE_MARK = /[^\S\u00a0][:;!?]/u;
/** A straight apostrophe between two letters ("Liste d'attente"). */
const STRAIGHT_APOSTROPHE = /\p{L}'\p{L}/u;

/** A JSX text as it renders: its lines trimmed at the breaks, blank ones dropped, the others joined by a space. */
function jsxRendered(text: string): string {
  const lines = text.split(/\r?\n/);
  return lines
    .map((l, i) => {
      let line = i > 0 ? l.replace(/^[ \t]+/, '') : l;
      if (i < lines.length - 1) line = line.replace(/[ \t]+$/, '');
      return line;
    })
    .filter((l) => l !== '')
    .join(' ');
}

/** `file:line: "text"` for every text of a file that breaks the typography rule. */
export function typographyIssues(file: string, code: string): string[] {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  const source = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTaggedTemplateExpression(node))
      return;
    let text: string | undefined;
    // Only the texts: a ternary's ' ? … : ' or a URL's '?' in code is not one.
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      text = node.text;
    else if (ts.isJsxText(node)) text = jsxRendered(node.text);
    if (text && (SPACE_BEFORE_MARK.test(text) || STRAIGHT_APOSTROPHE.test(text))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${rel}:${line}: ${JSON.stringify(text)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('French typography (docs/messages.md)', () => {
  it('the check knows a plain space before : ; ! ? and a straight apostrophe', () => {
    const file = path.join(ROOT, 'src/web/x.tsx');
    const nbsp = '\u00a0';
    const code = [
      "const a = 'Date limite : {date}';",
      `const b = 'Date limite${nbsp}: {date}';`,
      "const c = 'Vraiment ?';",
      'const d = `${n} dossier(s) ; ${m} lit(s)`;',
      'const e = "Liste d\'attente";',
      "const f = 'Liste d’attente';",
      "const g = 'https://hebergement.cenou.bf/attestation?code=1 à 10:30';",
      "const h = ok ? 'oui' : 'non';",
      'const i = <p>Motif :</p>;',
      `const j = <p>Motif${nbsp}:</p>;`,
      // A JSX text's line break and indent are not spaces: `{a}` then ';' renders 'a;'.
      'const k = <code>\n  {a}\n  ;<wbr />\n</code>;',
      `const l = 'Tirage\u202f: {seed}';`,
    ].join('\n');
    expect(typographyIssues(file, code)).toEqual([
      'src/web/x.tsx:1: "Date limite : {date}"',
      'src/web/x.tsx:3: "Vraiment ?"',
      'src/web/x.tsx:4: " dossier(s) ; "',
      'src/web/x.tsx:5: "Liste d\'attente"',
      'src/web/x.tsx:9: "Motif :"',
      'src/web/x.tsx:15: "Tirage\u202f: {seed}"',
    ]);
  });

  it('the catalogue, the labels and the web client write a no-break space before : ; ! ? and ’', () => {
    const issues = TYPOGRAPHY_SCOPE.flatMap((p) =>
      p.endsWith('/') ? sourceFiles(path.join(ROOT, p)) : [path.join(ROOT, p)],
    ).flatMap((file) => typographyIssues(file, readFileSync(file, 'utf8')));
    expect(issues, 'write U+00A0 before : ; ! ? and ’ for the apostrophe').toEqual([]);
  }, 60_000);
});

describe('French texts live in the catalogue (docs/messages.md)', () => {
  it('the scan knows French when it sees it', () => {
    expect(looksFrench('Opération réussie !')).toBe(true);
    expect(looksFrench('Veuillez joindre des fichiers aux critères')).toBe(true);
    expect(looksFrench('Le mot de passe est trop court')).toBe(true);
    expect(looksFrench('invalid storage key')).toBe(false);
    expect(looksFrench('SELECT 1 FROM users WHERE id = $1')).toBe(false);
    expect(looksFrench('p-button p-component p-button-text')).toBe(false);
    // Signs only: the quotes and the no-break space held to a name, the apostrophe, an ellipsis.
    expect(looksFrench('«\u00a0')).toBe(false);
    expect(looksFrench('\u00a0»')).toBe(false);
    expect(looksFrench('« »')).toBe(false);
    expect(looksFrench('’')).toBe(false);
    expect(looksFrench('…')).toBe(false);
    // A word inside the quotes is a text.
    expect(looksFrench('« Chinoise »')).toBe(true);
    expect(looksFrench('«\u00a0Oui')).toBe(true);
    const stray = strayTexts(
      path.join(ROOT, 'src/web/x.tsx'),
      "const a = 'Dossier déposé';\nconst b = <p>Votre dossier est en cours</p>;\nconst c = sql`SELECT é`;\n// Un commentaire en français\nconst d = s.replace(/«\\s+/g, '«\\u00a0').replace(/\\s+»/g, '\\u00a0»');\nconst e = <p>«</p>;\n",
    );
    expect(stray).toEqual([
      'src/web/x.tsx:1: "Dossier déposé"',
      'src/web/x.tsx:2: "Votre dossier est en cours"',
    ]);
    expect(
      strayTexts(path.join(ROOT, 'src/server/x.ts'), "r.get('/', { schema: { summary: 'Un résumé' } });"),
    ).toEqual([]);
  });

  it('the places the rule names exist', () => {
    for (const file of [...ALLOWED_FILES, ...ALLOWED_FOLDERS])
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('no French text elsewhere in src/', () => {
    const stray = ['src/domain', 'src/server', 'src/web']
      .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .filter((file) => {
        const rel = path.relative(ROOT, file).split(path.sep).join('/');
        return !ALLOWED_FILES.includes(rel) && !ALLOWED_FOLDERS.some((f) => rel.startsWith(f));
      })
      .flatMap((file) => {
        const code = readFileSync(file, 'utf8');
        // Parsed only when the file as a whole reads as French somewhere.
        return looksFrench(code) ? strayTexts(file, code) : [];
      });
    expect(stray, 'add these texts to src/domain/messages.ts').toEqual([]);
  }, 60_000);
});
