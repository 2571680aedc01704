import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';

// A brief, and a proposal attached to it, are the user's text (up to 100,000 characters), read on the server's thread.
// Each text of worst-briefs.ts is a pattern's worst case: a run read from every place of the text cost the square of
// the length or worse ("ค่าค่าค่า…" took 32 s at 4,000 characters, "\n\n\n…" 8 s at 96,000). Read in one pass, all of
// them take well under a second. They are read in a process of their own, stopped after 20 s: a return to the square
// fails here instead of hanging the suite (a test's timeout cannot stop a regular expression that is running).
describe('a long brief is read in one pass', () => {
  test('the reader gets through every worst case of 100,000 characters', async () => {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'test-data', 'worst-briefs.ts')], { stdout: 'pipe', stderr: 'pipe' });
    const timer = setTimeout(() => proc.kill(), 20_000);
    const [code, out] = await Promise.all([proc.exited, new Response(proc.stdout).text()]);
    clearTimeout(timer);
    expect({ code, out: out.trim() }).toEqual({ code: 0, out: 'read 12 texts' });
  }, 30_000);
});
