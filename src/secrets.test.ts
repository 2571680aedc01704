import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext } from './context';
import { testConfig } from '../tests/helpers/server';
import { installSecret } from './secrets';

describe('installSecret', () => {
  test('creates a 32-byte key once, keeps it across app instances, private to the owner', async () => {
    const config = testConfig();
    const a = createContext(config);
    const k1 = installSecret(a, 'x.key');
    expect(k1.length).toBe(32);
    expect(installSecret(a, 'x.key')).toBe(k1);
    expect(statSync(join(config.dataDir, 'x.key')).mode & 0o077).toBe(0);
    await a.close();
    const b = createContext(config);
    expect(installSecret(b, 'x.key').equals(k1)).toBe(true);
    expect(installSecret(b, 'y.key').equals(k1)).toBe(false);
    await b.close();
  });

  test('a damaged key file is replaced', async () => {
    const config = testConfig();
    const ctx = createContext(config);
    writeFileSync(join(config.dataDir, 'z.key'), 'not hex');
    const k = installSecret(ctx, 'z.key');
    expect(k.length).toBe(32);
    expect(readFileSync(join(config.dataDir, 'z.key'), 'utf8')).toBe(k.toString('hex'));
    await ctx.close();
  });
});

describe('installSecret with SECRET_KEY (several instances)', () => {
  test('two instances with their own DATA_DIR derive the same key per name, and write no key file', async () => {
    const secret = 'k'.repeat(40);
    const a = createContext(testConfig({ SECRET_KEY: secret }));
    const b = createContext(testConfig({ SECRET_KEY: secret }));
    const other = createContext(testConfig({ SECRET_KEY: 'o'.repeat(40) }));
    expect(installSecret(a, 'guest-cookie.secret').length).toBe(32);
    expect(installSecret(a, 'guest-cookie.secret').equals(installSecret(b, 'guest-cookie.secret'))).toBe(true);
    expect(installSecret(a, 'cursor.key').equals(installSecret(a, 'guest-cookie.secret'))).toBe(false);
    expect(installSecret(other, 'guest-cookie.secret').equals(installSecret(a, 'guest-cookie.secret'))).toBe(false);
    expect(existsSync(join(a.config.dataDir, 'guest-cookie.secret'))).toBe(false);
    for (const ctx of [a, b, other]) await ctx.close();
  });

  test('a short SECRET_KEY stops start-up with the variable named', () => {
    expect(() => testConfig({ SECRET_KEY: 'short' })).toThrow('SECRET_KEY must be at least 32 characters');
  });
});
