// The JavaScript a visitor's first visit to `/` downloads, measured in Chromium against dist/web
// (a static server of this script's own: the home page calls no API), each file's gzip (level 9)
// and brotli (quality 11) bytes as scripts/build-web.mjs precompresses them. The service worker's
// own script and what it precaches after the page has loaded are listed apart: they are not on the
// page's critical path. Usage: node scripts/build-web.mjs && node scripts/first-visit-js.mjs [path]
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve('dist/web');
const target = process.argv[2] ?? '/';
const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const server = createServer((req, res) => {
  const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
  let file = path.join(root, url);
  if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
    if (url.startsWith('/service/') || /\.[a-z0-9]{1,12}$/i.test(url)) {
      res.writeHead(404).end();
      return;
    }
    file = path.join(root, 'index.html');
  }
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
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
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  const page_js = new Set();
  const worker_js = new Set();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin === base && u.pathname.endsWith('.js'))
      (r.serviceWorker() ? worker_js : page_js).add(u.pathname);
  });
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin === base && u.pathname.endsWith('.js') && !page_js.has(u.pathname))
      worker_js.add(u.pathname);
  });
  await page.goto(base + target, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const sizes = (set) => {
    let raw = 0,
      gz = 0,
      br = 0;
    const rows = [];
    for (const p of [...set].sort()) {
      const data = readFileSync(path.join(root, p));
      const g = gzipSync(data, { level: 9 }).length;
      const b = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      raw += data.length;
      gz += g;
      br += b;
      rows.push(
        `  ${p}  raw ${(data.length / 1024).toFixed(1)} KB  gzip ${(g / 1024).toFixed(1)} KB  br ${(b / 1024).toFixed(1)} KB`,
      );
    }
    return { raw, gz, br, rows };
  };
  const onPage = sizes(page_js);
  console.log(`JavaScript loaded by the page at ${target}:`);
  console.log(onPage.rows.join('\n'));
  console.log(
    `  total: ${page_js.size} files, raw ${(onPage.raw / 1024).toFixed(1)} KB, gzip ${(onPage.gz / 1024).toFixed(1)} KB, brotli ${(onPage.br / 1024).toFixed(1)} KB`,
  );
  for (const p of page_js) worker_js.delete(p);
  if (worker_js.size) {
    const w = sizes(worker_js);
    console.log(
      `Fetched by the service worker after the load (precache, not on the critical path): ${worker_js.size} JS files, gzip ${(w.gz / 1024).toFixed(1)} KB`,
    );
  }
  console.log(
    JSON.stringify({ path: target, files: page_js.size, gzipBytes: onPage.gz, brotliBytes: onPage.br }),
  );
} finally {
  await browser.close();
  server.close();
}
