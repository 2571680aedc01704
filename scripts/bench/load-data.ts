// The load bench's library and sessions (scripts/bench/load.ts): the fixture regulation and 20 small
// announcements through the real upload pipeline, indexed, and a session cookie per virtual user and admin.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { createContext } from '../../src/context';
import { createDocument } from '../../modules/documents/pipeline';
import { stageLocalFile } from '../../modules/documents/local-file';
import { indexQueue } from '../../modules/documents/indexer';
import { REGULATION_FIXTURE } from '../../modules/assistant/test-corpus';
import { testCategory } from '../../modules/documents/testing/helpers';
import { sessionFor } from '../../tests/faults/child';

export async function prepareLoadData(dataDir: string, users: number, admins: number) {
  const userCookies: string[] = [];
  const adminCookies: string[] = [];
  const ctx = createContext(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
  for (let i = 0; i < users; i++) userCookies.push(sessionFor(ctx, `user${i}@example.ac.th`, 'user'));
  for (let i = 0; i < admins; i++) adminCookies.push(sessionFor(ctx, `admin${i}@example.ac.th`, 'admin'));
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
  const uploadCategory = testCategory(ctx);
  await indexQueue(ctx).idle();
  await ctx.close();
  return { userCookies, adminCookies, uploadCategory };
}
