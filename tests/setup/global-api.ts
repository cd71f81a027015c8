import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from '../helpers/db';
import { clearApiDemo } from '../helpers/demo-db';

/**
 * Migrates one template database for the run; each test file then gets its own copy (the demo's
 * files a copy of the demo loaded once from it, tests/helpers/demo-db.ts).
 */
export default async function setup(project: TestProject) {
  const outDir = path.resolve('.test-output');
  mkdirSync(outDir, { recursive: true });
  // The demo, loaded once a run by the first file that reads it (tests/helpers/demo-db.ts).
  clearApiDemo();
  const template = await createTemplate(outDir);
  project.provide('dbTemplate', template);
  writeFileSync(path.join(outDir, 'api-template.json'), JSON.stringify(template));
  return async () => {
    await dropTemplate(template);
    clearApiDemo();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: import('../helpers/db').TemplateInfo;
  }
}
