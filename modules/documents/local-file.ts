// CLIs ingest files from disk through the same pipeline as uploads: the file is first copied into
// DATA_DIR/tmp (hashing as it goes), exactly like a streamed upload.
import { open, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { AppContext } from '../../src/context';
import type { IncomingFile } from './pipeline';
import { tmpFilePath } from './storage';

export async function stageLocalFile(ctx: AppContext, path: string): Promise<IncomingFile> {
  const tmpPath = tmpFilePath(ctx);
  const hasher = new Bun.CryptoHasher('sha256');
  let head = new Uint8Array(0);
  let size = 0;
  const out = await open(tmpPath, 'wx', 0o600);
  try {
    const reader = Bun.file(path).stream().getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const chunk = r.value;
      if (head.length < 8192) head = Buffer.concat([head, chunk.subarray(0, 8192 - head.length)]);
      hasher.update(chunk);
      size += chunk.length;
      await out.write(chunk);
    }
  } catch (e) {
    await out.close();
    await rm(tmpPath, { force: true });
    throw e;
  }
  await out.close();
  return { tmpPath, size, sha256: hasher.digest('hex'), head, clientName: basename(path) };
}
