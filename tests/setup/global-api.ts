import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from '../helpers/db';

/** Migrates one template database for the run; each test file then gets its own copy. */
export default async function setup(project: TestProject) {
  const outDir = path.resolve('.test-output');
  mkdirSync(outDir, { recursive: true });
  const template = await createTemplate(outDir);
  project.provide('dbTemplate', template);
  writeFileSync(path.join(outDir, 'api-template.json'), JSON.stringify(template));
  return async () => {
    await dropTemplate(template);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: import('../helpers/db').TemplateInfo;
  }
}
