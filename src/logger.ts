import type { LogLevel } from './config';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
// Never log these fields' values (tokens, secrets, cookies, codes of the sign-in flow).
const SECRET_KEYS = /token|secret|password|cookie|authorization|code_verifier|^code$|^state$|nonce/i;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (SECRET_KEYS.test(k)) out[k] = '[redacted]';
    else if (v instanceof Error) out[k] = { name: v.name, message: v.message };
    else out[k] = v;
  }
  return out;
}

export function createLogger(
  level: LogLevel,
  format: 'json' | 'pretty',
  base: Record<string, unknown> = {},
  sink: (line: string) => void = (line) => void process.stdout.write(line + '\n'),
): Logger {
  const emit = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    const all = redact({ ...base, ...fields });
    if (format === 'json') sink(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...all }));
    else {
      const extra = Object.entries(all)
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' ');
      sink(`${new Date().toISOString().slice(11, 23)} ${lvl.toUpperCase().padEnd(5)} ${msg}${extra ? ' ' + extra : ''}`);
    }
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (f) => createLogger(level, format, { ...base, ...f }, sink),
  };
}
