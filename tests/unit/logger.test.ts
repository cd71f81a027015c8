import { describe, expect, it } from 'vitest';
import { accountsBlock, frenchMessage, isPrettyLog, loggerOptions } from '../../src/server/log/logger';

describe('server log', () => {
  it('is for people on a terminal, JSON lines otherwise or when asked', () => {
    expect(isPrettyLog({ LOG_FORMAT: undefined }, true)).toBe(true);
    expect(isPrettyLog({ LOG_FORMAT: undefined }, false)).toBe(false);
    expect(isPrettyLog({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(isPrettyLog({ LOG_FORMAT: 'pretty' }, false)).toBe(true);
    expect(loggerOptions({ LOG_LEVEL: 'warn', LOG_FORMAT: 'json' })).toEqual({ level: 'warn' });
    const pretty = loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }) as { stream?: unknown };
    expect(pretty.stream).toBeDefined();
  });

  it('says Fastify’s own messages in French', () => {
    expect(frenchMessage('incoming request')).toBe('requête reçue');
    expect(frenchMessage('Server listening at http://127.0.0.1:3000')).toBe(
      'serveur à l’écoute sur http://127.0.0.1:3000',
    );
    expect(frenchMessage('Données chargées')).toBe('Données chargées');
  });

  it('sets the accounts apart in a frame, each with its identifier and password', () => {
    const block = accountsBlock('Comptes', [
      { label: 'Administrateur', userName: 'admin', password: 'secret-1' },
      { label: 'Étudiant', userName: 'N123', password: 'secret-2' },
    ]);
    const lines = block.trim().split('\n');
    expect(lines[0].startsWith('┌')).toBe(true);
    expect(lines.at(-1)!.startsWith('└')).toBe(true);
    expect(block).toContain('identifiant : admin    mot de passe : secret-1');
    expect(block).toContain('identifiant : N123    mot de passe : secret-2');
  });
});
