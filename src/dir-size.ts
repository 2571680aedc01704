// Bytes of every file under a folder (the index on disk, a backup's staged copy). A file removed while
// the folder is walked (LanceDB compacting) counts as 0 rather than failing the whole count.
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export async function dirBytes(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const files = (await readdir(dir, { withFileTypes: true, recursive: true })).filter((e) => e.isFile());
  const sizes = await Promise.all(
    files.map((e) =>
      stat(join(e.parentPath, e.name)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}
