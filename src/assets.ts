import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssetManifest } from '../web/document';

export const WEB_DIST = join(import.meta.dir, '..', 'web', 'dist');

/** The client build's manifest; start-up fails clearly when the build is missing. */
export function loadManifest(dir = WEB_DIST): AssetManifest {
  const file = join(dir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`Client assets are not built (${file} missing). Run "npm run build" or "npm start".`);
  return JSON.parse(readFileSync(file, 'utf8')) as AssetManifest;
}
