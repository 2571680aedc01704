// What the process entry prints when the server cannot start: one line an operator can act on, never
// a stack trace (the common causes are a port in use and a data folder this user cannot write).
import type { Config } from './config';

export function startupFailure(e: unknown, config: Pick<Config, 'port' | 'dataDir'>): string {
  const err = e as { code?: string; message?: string; path?: string } | null;
  const code = err?.code ?? '';
  const message = err?.message ?? String(e);
  if (code === 'EADDRINUSE' || /EADDRINUSE|address already in use|port \d+ in use/i.test(message)) {
    return `Ask-Reg could not start: port ${config.port} is already in use. Stop the other process or set PORT to a free port.`;
  }
  if (['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC'].includes(code) || /SQLITE_CANTOPEN|readonly database/i.test(message)) {
    const where = err?.path ?? config.dataDir;
    return `Ask-Reg could not start: DATA_DIR ${config.dataDir} cannot be used (${code || message} at ${where}). Set DATA_DIR to a folder this user can create and write.`;
  }
  return `Ask-Reg could not start: ${message}`;
}
