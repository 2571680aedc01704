// When running as the single binary (`npm run build:binary`), web assets and migrations are embedded
// in the executable; scripts/build-binary.ts registers them here before the server starts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AssetManifest } from '../web/document';

export interface EmbeddedBundle {
  manifest: AssetManifest;
  /** URL path (/assets/…) → path inside the executable's virtual file system */
  assets: Record<string, string>;
  /** migration file relative to the migrations folder → embedded path */
  migrations: Record<string, string>;
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
