import { describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext } from '../context';
import { openDatabase } from '../db/client';
import { testConfig, tempDataDir } from '../../tests/helpers/server';
import { upsertUserAtSignIn } from '../../modules/auth/users';
import { createBackup, restoreBackup } from './backup';

describe('backup and restore', () => {
  test('round trip while the database is open and being written', async () => {
    const config = testConfig();
    const ctx = createContext(config);
    upsertUserAtSignIn(ctx, { email: 'a@uni.ac.th', firstname: 'ก' });
    mkdirSync(join(ctx.paths.filesDir, 'd1'), { recursive: true });
    writeFileSync(join(ctx.paths.filesDir, 'd1', 'x.pdf'), '%PDF-1.4 test');
    writeFileSync(join(ctx.paths.indexDir, 'marker.lance'), 'index-bytes');
    const archive = join(tempDataDir(), 'b.tar.gz');
    const m = await createBackup(config.dataDir, archive);
    upsertUserAtSignIn(ctx, { email: 'after-backup@uni.ac.th' }); // not in the snapshot
    expect(m.tables.users).toBe(1);
    expect(m.files).toBe(1);

    const target = join(tempDataDir(), 'restored');
    await restoreBackup(archive, target);
    const db = openDatabase(join(target, 'app.db'));
    const emails = db.sqlite.query<{ email: string }, []>('SELECT email FROM users').all().map((r) => r.email);
    db.close();
    expect(emails).toEqual(['a@uni.ac.th']);
    expect(readFileSync(join(target, 'files', 'd1', 'x.pdf'), 'utf8')).toBe('%PDF-1.4 test');
    expect(readFileSync(join(target, 'index', 'marker.lance'), 'utf8')).toBe('index-bytes');

    // an occupied data dir is refused unless forced; forced keeps the old data aside
    await expect(restoreBackup(archive, target)).rejects.toThrow('already holds data');
    const { previous } = await restoreBackup(archive, target, { force: true });
    expect(previous && existsSync(join(previous, 'app.db'))).toBe(true);
    await ctx.close();
  });

  test('refuses an archive that is not a backup', async () => {
    const dir = tempDataDir();
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: 'other' }));
    const archive = join(dir, 'x.tar.gz');
    Bun.spawnSync(['tar', '-czf', archive, '-C', dir, 'manifest.json']);
    await expect(restoreBackup(archive, join(dir, 'out'))).rejects.toThrow();
  });
});
