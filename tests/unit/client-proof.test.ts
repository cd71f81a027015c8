import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { photoFileName, proofRefusal as serverRefusal } from '../../src/domain/proof';
import { checkProof, proofRefusal } from '../../src/web/features/dossier/proof';

const pdf = (name: string, bytes: string | Uint8Array<ArrayBuffer>) =>
  new File([bytes], name, { type: 'application/pdf' });

describe('the client’s proof checks (the domain’s rules, inline messages)', () => {
  it('accepts a PDF named .pdf in any case', async () => {
    expect(await checkProof(pdf('bac.PDF', '%PDF-1.4\n…'))).toBeNull();
  });
  it('refuses another name, an empty file, other first bytes, and more than 3,000,000 bytes', async () => {
    expect(await checkProof(pdf('bac.docx', '%PDF-1.4'))).toBe(messages.fichierPdfAttendu);
    expect(await checkProof(pdf('vide.pdf', ''))).toBe(messages.fichierPdfAttendu);
    expect(await checkProof(pdf('faux.pdf', 'GIF89a'))).toBe(messages.fichierPdfAttendu);
    const big = new Uint8Array(3_000_001);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect(await checkProof(pdf('gros.pdf', big))).toBe(messages.fichierTaille);
    expect(await checkProof(pdf('juste.pdf', big.subarray(0, 3_000_000)))).toBeNull();
  });
  it('refuses exactly what the server refuses', () => {
    for (const [name, size] of [
      ['a.pdf', 1],
      ['a.pdf', 0],
      ['a.txt', 10],
      ['a.pdf', 3_000_001],
      [' a.Pdf ', 3_000_000],
    ] as const) {
      expect(proofRefusal({ name, size }) === null).toBe(serverRefusal({ name, size }) === null);
    }
  });
});

describe('a photo named by its bytes (photoFileName)', () => {
  it('JPEG bytes `.jpg`, PNG bytes `.png`; a name that already says so stays', () => {
    expect(photoFileName('IMG_0001.png', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(photoFileName('IMG_0001.jpg', 'image/png')).toBe('IMG_0001.png');
    expect(photoFileName('porte.PNG', 'image/jpeg')).toBe('porte.jpg');
    expect(photoFileName('vue.jpeg', 'image/jpeg')).toBe('vue.jpeg');
    expect(photoFileName('mur.PNG', 'image/png')).toBe('mur.PNG');
    expect(photoFileName('sans-extension', 'image/png')).toBe('sans-extension.png');
    expect(photoFileName('.png', 'image/jpeg')).toBe('photo.jpg');
    // Bytes of no known kind: the name is left to the server's check.
    expect(photoFileName('x.png', '')).toBe('x.png');
  });
});
