// The load bench's library and sessions (scripts/bench/load.ts): the fixture regulation and 20 small
// announcements through the real upload pipeline, indexed, and a session cookie per virtual user and admin. Prepared
// through queries both dialects run, on the database `databaseUrl` names (SQLite under dataDir when unset).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { openContext } from '../../src/context';
import { createDocument } from '../../modules/documents/pipeline';
import { stageLocalFile } from '../../modules/documents/local-file';
import { indexingIdle } from '../../modules/documents/indexer';
import { REGULATION_FIXTURE } from '../../modules/assistant/test-corpus';
import { categoryFor } from '../../modules/documents/testing/helpers';
import { signInAsync } from '../../tests/helpers/signed-in';

export async function prepareLoadData(dataDir: string, users: number, admins: number, databaseUrl?: string) {
  const userCookies: string[] = [];
  const adminCookies: string[] = [];
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const ctx = await openContext(loadConfig(env));
  const session = async (email: string, role: 'user' | 'admin') =>
    (await signInAsync(ctx, email, role, { firstname: 'ทดสอบ', lastname: 'ระบบ', userAgent: 'faults' })).cookie;
  for (let i = 0; i < users; i++) userCookies.push(await session(`user${i}@example.ac.th`, 'user'));
  for (let i = 0; i < admins; i++) adminCookies.push(await session(`admin${i}@example.ac.th`, 'admin'));
  for (let i = 0; i < 20; i++) {
    const path = join(dataDir, `doc${i}.txt`);
    writeFileSync(path, `ประกาศมหาวิทยาลัยฉบับที่ ${i + 1}\nข้อ ๑ การยืมครุภัณฑ์ชุดที่ ${i + 1} ให้ยื่นคำขอต่องานพัสดุล่วงหน้าไม่น้อยกว่า ๗ วัน`);
    await createDocument(
      ctx,
      await stageLocalFile(ctx, path),
      { fileName: `ประกาศ ${i + 1}`, description: '', category: null, isActive: true, fallbackContact: '', contents: '' },
      { allowTxt: true, allowIncompleteFields: true },
    );
  }
  await createDocument(
    ctx,
    await stageLocalFile(ctx, REGULATION_FIXTURE),
    { fileName: 'ข้อบังคับกิจกรรมนักศึกษา', description: '', category: null, isActive: true, fallbackContact: 'กองพัฒนานักศึกษา', contents: '' },
    { allowTxt: true, allowIncompleteFields: true },
  );
  const uploadCategory = await categoryFor(ctx);
  await indexingIdle(ctx);
  await ctx.close();
  return { userCookies, adminCookies, uploadCategory };
}
