// Draws the installable app's icons (docs/decisions/021-installable-offline-app.md) from the
// favicon (src/web/public/favicon.svg: the brand's blue rounded square and the white house) with
// Debian's Chromium, into src/web/public/icons/. Run again only when the favicon changes; the PNGs
// are committed, so a build never needs a browser.
//   node scripts/make-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve('src/web/public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const fill = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
const house = /<path[^>]*d="([^"]+)"[^>]*fill="([^"]+)"/.exec(favicon);
if (!fill || !house) throw new Error('favicon.svg: a <rect fill> and a <path d fill> were expected');

/** The favicon itself, drawn at the size asked ("any" purpose: its corners stay transparent). */
const anyIcon = favicon;
/**
 * The maskable icon: the ground fills the whole square (the launcher cuts its own shape) and the
 * house sits inside the safe zone, the centred circle of 80 % of the width.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${fill}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)"><path d="${house[1]}" fill="${house[2]}"/></g></svg>`;

const outDir = path.join(publicDir, 'icons');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
  ],
});
try {
  const jobs = [
    { svg: anyIcon, size: 192, name: 'icon-192.png' },
    { svg: anyIcon, size: 512, name: 'icon-512.png' },
    { svg: maskable, size: 192, name: 'maskable-192.png' },
    { svg: maskable, size: 512, name: 'maskable-512.png' },
    // iOS reads no manifest icon: its home-screen icon, full square (iOS rounds it itself).
    { svg: maskable.replace('scale(0.8)', 'scale(0.75)'), size: 180, name: 'apple-touch-icon.png' },
  ];
  for (const { svg, size, name } of jobs) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(outDir, name), omitBackground: true });
    await page.close();
    console.log(`${name} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
