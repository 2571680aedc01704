// Run by memory-bm25.test.ts in a process of its own: whether a held index keeps the source it was read from. In the
// test runner's process, shared with other test files, JavaScriptCore's conservative stack scan kept the source alive
// past any number of collections (CI shards, never alone); a fresh process reads what the index itself holds.
import { TOKENS_COLUMN } from './index-schema.ts';
import { buildMemoryIndex } from './memory-bm25.ts';

const rows = [
  { id: 'a', isActive: true, [TOKENS_COLUMN]: 'ค่า ธรรมเนียม การ ศึกษา ภาค ละ ๘,๐๐๐ บาท' },
  { id: 'b', isActive: true, [TOKENS_COLUMN]: 'นักศึกษา ลา ป่วย ได้ ไม่ เกิน ๑๕ วัน ลา ป่วย' },
];
async function* source() {
  for (const r of rows) yield { tokens: r[TOKENS_COLUMN], active: r.isActive, row: { id: r.id } };
}
async function check(): Promise<{ found: string | undefined; released: boolean }> {
  let read!: WeakRef<object>;
  const build = () => {
    const rowsRead = source();
    read = new WeakRef(rowsRead);
    return buildMemoryIndex(rowsRead);
  };
  const held = await build();
  for (let i = 0; i < 5 && read.deref() !== undefined; i++) {
    await Bun.sleep(i * 5);
    Bun.gc(true);
  }
  return { found: held.search('ลา ป่วย', { activeOnly: false }, 1)[0]?.id as string | undefined, released: read.deref() === undefined };
}
console.log(JSON.stringify(await check()));
