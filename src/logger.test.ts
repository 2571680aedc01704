import { describe, expect, test } from 'bun:test';
import { createLogger } from './logger';

describe('logger', () => {
  test('JSON lines with level filtering', () => {
    const lines: string[] = [];
    const log = createLogger('info', 'json', { app: 'x' }, (l) => void lines.push(l));
    log.debug('hidden');
    log.info('shown', { n: 1 });
    expect(lines).toHaveLength(1);
    const rec = JSON.parse(lines[0]!);
    expect(rec).toMatchObject({ level: 'info', msg: 'shown', n: 1, app: 'x' });
  });

  test('never writes tokens, secrets, cookies or sign-in codes', () => {
    const lines: string[] = [];
    const log = createLogger('debug', 'json', {}, (l) => void lines.push(l)).child({ requestId: 'r1' });
    log.info('x', { token: 'abc', clientSecret: 's3cr3t', cookie: 'askreg_session=zzz', code: 'c0de', state: 'st4te', authorization: 'Bearer qq' });
    const out = lines.join('\n');
    for (const secret of ['abc', 's3cr3t', 'zzz', 'c0de', 'st4te', 'qq']) expect(out).not.toContain(secret);
    expect(out).toContain('r1');
  });
});
