// When running as the single binary (`npm run build:binary`), web assets, migrations and the OCR runtime
// are embedded in the executable; scripts/build-binary.ts registers them here before the server starts.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AssetManifest } from '../web/document';
import { registerOcrFiles, type OcrFiles } from '../modules/extraction';

export interface EmbeddedBundle {
  manifest: AssetManifest;
  /** URL path (/assets/…) → path inside the executable's virtual file system */
  assets: Record<string, string>;
  /** migration file relative to the migrations folder → embedded path */
  migrations: Record<string, string>;
  /** OCR worker script (ocr-worker.js) and language data (<lang>.traineddata.gz) → embedded path */
  ocr: Record<string, string>;
}

let bundle: EmbeddedBundle | null = null;

export function registerEmbedded(b: EmbeddedBundle): void {
  bundle = b;
}

export function embedded(): EmbeddedBundle | null {
  return bundle;
}

/** drizzle's migrator reads a folder: copy the embedded migrations into one under the data dir. */
export async function materialiseMigrations(dataDir: string): Promise<string | null> {
  if (!bundle) return null;
  const dir = join(dataDir, '.migrations');
  for (const [rel, path] of Object.entries(bundle.migrations)) {
    const target = join(dir, rel);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, await Bun.file(path).bytes());
  }
  return dir;
}

/**
 * OCR worker threads and tesseract's language loader read real files: on first OCR, write the embedded
 * ones to DATA_DIR/.runtime/ocr-<content hash> (kept across restarts; other versions are removed).
 */
export function registerEmbeddedOcr(dataDir: string): void {
  if (!bundle) return;
  const files = bundle.ocr;
  let ready: Promise<OcrFiles> | null = null;
  const materialise = async (): Promise<OcrFiles> => {
    // embedded paths carry a content hash, so their list names this build's files
    const name = `ocr-${Bun.hash(Object.values(files).sort().join('\n')).toString(36)}`;
    const root = join(dataDir, '.runtime');
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    for (const [file, path] of Object.entries(files)) {
      const target = join(dir, file);
      if (existsSync(target)) continue;
      writeFileSync(`${target}.tmp`, await Bun.file(path).bytes());
      renameSync(`${target}.tmp`, target);
    }
    for (const old of readdirSync(root)) if (old.startsWith('ocr-') && old !== name) rmSync(join(root, old), { recursive: true, force: true });
    return { workerPath: join(dir, 'ocr-worker.js'), langPath: dir };
  };
  registerOcrFiles(
    () =>
      (ready ??= materialise().catch((err) => {
        ready = null; // e.g. disk full: try again on the next OCR
        throw err;
      })),
  );
}
