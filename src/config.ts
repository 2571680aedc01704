// Validated configuration. Every setting has a safe default so `npm start` needs no environment;
// a bad value stops start-up with a message naming the variable (see README "Configuration").
import { join, resolve } from 'node:path';
import { type DatabaseTarget, parseDatabaseUrl } from './db/database-url';
import type { Config } from './config-shape';

export type { Config, EmbeddingProvider, LogLevel, ParseLimitsSetting } from './config-shape';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Set to `1` by `npm start` and the binary when they set NODE_ENV=production themselves (scripts/start-defaults.ts). */
export const NODE_ENV_DEFAULTED = 'ASK_REG_NODE_ENV_DEFAULTED';

/** Reads settings from `env`, collecting every problem before failing so one start reports them all. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const raw = (name: string) => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const str = (name: string, def: string) => raw(name) ?? def;
  const timeZone = (zone: string) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone;
    } catch {
      problems.push(`TIME_ZONE must be an IANA time zone such as Asia/Bangkok (got "${zone}")`);
      return 'Asia/Bangkok';
    }
  };
  const int = (name: string, def: number, min: number, max: number) => {
    const v = raw(name);
    if (v === undefined) return def;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${v}")`);
      return def;
    }
    return n;
  };
  const bool = (name: string, def: boolean) => {
    const v = raw(name)?.toLowerCase();
    if (v === undefined) return def;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    problems.push(`${name} must be true or false (got "${v}")`);
    return def;
  };
  const oneOf = <T extends string>(name: string, def: T, allowed: readonly T[]): T => {
    const v = raw(name);
    if (v === undefined) return def;
    if (!(allowed as readonly string[]).includes(v)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${v}")`);
      return def;
    }
    return v as T;
  };
  const url = (name: string): string | null => {
    const v = raw(name);
    if (v === undefined) return null;
    try {
      const u = new URL(v);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
      return v.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} must be an http(s) URL (got "${v}")`);
      return null;
    }
  };

  const MB = 1024 * 1024;
  const parseLimits = (prefix: 'ATTACHMENT' | 'UPLOAD', seconds: number, memoryMb: number, pages: number, entryMb: number, totalMb: number, chars: number) => ({
    timeoutMs: int(`${prefix}_PARSE_SECONDS`, seconds, 1, 86_400) * 1000,
    // a worker process with pdf.js loaded already takes ~100 MB
    memoryBytes: int(`${prefix}_PARSE_MEMORY_MB`, memoryMb, 128, 1_048_576) * MB,
    maxPages: int(`${prefix}_MAX_PAGES`, pages, 1, 1_000_000),
    maxInflatedEntryBytes: int(`${prefix}_MAX_INFLATED_MB`, entryMb, 1, 1_048_576) * MB,
    maxInflatedTotalBytes: int(`${prefix}_MAX_INFLATED_TOTAL_MB`, totalMb, 1, 1_048_576) * MB,
    maxChars: int(`${prefix}_MAX_CHARS`, chars, 1000, 1_000_000_000),
  });

  const nodeEnv = oneOf('NODE_ENV', 'development', ['development', 'production', 'test'] as const);
  const port = int('PORT', 3000, 0, 65535);
  const host = str('HOST', '0.0.0.0');
  const publicUrl = url('PUBLIC_URL') ?? `http://localhost:${port}`;
  const list = (name: string) =>
    (raw(name) ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const emails = list('ADMIN_EMAILS').map((e) => e.toLowerCase());
  for (const e of emails) if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) problems.push(`ADMIN_EMAILS has an invalid e-mail "${e}"`);
  const provider = oneOf('EMBEDDING_PROVIDER', 'none', ['none', 'transformers', 'ollama'] as const);
  const modelDir = raw('EMBEDDING_MODEL_DIR') ? resolve(raw('EMBEDDING_MODEL_DIR')!) : null;
  if (provider === 'transformers' && !modelDir) problems.push('EMBEDDING_MODEL_DIR is required when EMBEDDING_PROVIDER=transformers');
  const ollamaHost = url('OLLAMA_HOST');
  if (provider === 'ollama' && !ollamaHost) problems.push('OLLAMA_HOST is required when EMBEDDING_PROVIDER=ollama');
  const allowedDomains = list('OIDC_ALLOWED_DOMAINS').map((d) => d.replace(/^@/, '').toLowerCase());
  for (const d of allowedDomains) if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d)) problems.push(`OIDC_ALLOWED_DOMAINS has an invalid domain "${d}"`);
  const linkHosts = list('ANSWER_LINK_HOSTS').map((d) => d.toLowerCase());
  for (const d of linkHosts) if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(d)) problems.push(`ANSWER_LINK_HOSTS has an invalid host "${d}"`);
  const issuer = url('OIDC_ISSUER');
  if (issuer && !raw('OIDC_CLIENT_ID')) problems.push('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');

  const databaseTarget = (): DatabaseTarget => {
    const d = parseDatabaseUrl(env.DATABASE_URL);
    if ('problem' in d) {
      problems.push(d.problem);
      return { kind: 'sqlite' };
    }
    return d;
  };

  const dataDir = resolve(str('DATA_DIR', './data'));
  const secretKey = raw('SECRET_KEY') ?? null;
  if (secretKey !== null && secretKey.length < 32) problems.push('SECRET_KEY must be at least 32 characters (e.g. openssl rand -hex 32)');
  const indexDir = () => {
    const uri = str('INDEX_URI', join(dataDir, 'index'));
    // LanceDB would take s3://…, but the index's meta file (index-meta.ts) is written with node:fs: a directory only for now
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(uri) && !uri.startsWith('file://'))
      problems.push('INDEX_URI must be a directory (a shared mount for several instances); object-store URIs are not supported yet');
    return resolve(uri.replace(/^file:\/\//, ''));
  };
  const config: Config = {
    nodeEnv,
    nodeEnvDefaulted: raw('NODE_ENV') === undefined || env[NODE_ENV_DEFAULTED] === '1',
    host,
    port,
    publicUrl,
    answerLinkHosts: linkHosts,
    dataDir,
    // issue 36: shared storage for several instances; unset, today's places under DATA_DIR
    filesDir: resolve(str('FILES_DIR', dataDir)),
    indexDir: indexDir(),
    // modules/knowledge/index/held-table.ts HELD_MEMORY_MB (config.test.ts holds them equal)
    indexMemoryMb: int('INDEX_MEMORY_MB', 768, 0, 1_048_576),
    secretKey,
    database: databaseTarget(),
    logLevel: oneOf('LOG_LEVEL', nodeEnv === 'test' ? 'warn' : 'info', ['debug', 'info', 'warn', 'error', 'silent'] as const),
    logFormat: oneOf('LOG_FORMAT', nodeEnv === 'production' ? 'json' : 'pretty', ['json', 'pretty'] as const),
    trustProxy: bool('TRUST_PROXY', false),
    trustedProxyHops: int('TRUSTED_PROXY_HOPS', 1, 1, 10),
    diskFreeMinMb: int('DISK_FREE_MIN_MB', 1024, 0, 10_000_000),
    sessionIdleHours: int('SESSION_IDLE_HOURS', 12, 1, 24 * 30),
    sessionMaxDays: int('SESSION_MAX_DAYS', 7, 1, 365),
    adminEmails: emails,
    oidc: {
      issuer,
      clientId: str('OIDC_CLIENT_ID', 'ask-reg-dev'),
      clientSecret: str('OIDC_CLIENT_SECRET', ''),
      scopes: str('OIDC_SCOPES', 'openid email profile')
        .split(/[\s,]+/)
        .filter(Boolean),
      claimEmail: str('OIDC_CLAIM_EMAIL', 'email'),
      claimGivenName: str('OIDC_CLAIM_GIVEN_NAME', 'given_name'),
      claimFamilyName: str('OIDC_CLAIM_FAMILY_NAME', 'family_name'),
      claimPicture: str('OIDC_CLAIM_PICTURE', 'picture'),
      groupsClaim: str('OIDC_GROUPS_CLAIM', 'groups'),
      adminGroups: list('OIDC_ADMIN_GROUPS'),
      allowedDomains,
      allowDevProviderInProduction: bool('DEV_OIDC_IN_PRODUCTION', false),
      devProviderPortIgnored: raw('DEV_OIDC_PORT') !== undefined,
    },
    llm: {
      ollamaHost,
      ollamaModel: str('OLLAMA_MODEL', 'qwen2.5:7b-instruct'),
      // one setting for both providers; OLLAMA_NUM_CTX, its earlier name, is still read
      contextTokens: int(env.LLM_CONTEXT_TOKENS !== undefined ? 'LLM_CONTEXT_TOKENS' : 'OLLAMA_NUM_CTX', 8192, 512, 1_048_576),
      ollamaKeepAlive: str('OLLAMA_KEEP_ALIVE', '30m'),
      openaiBaseUrl: url('OPENAI_BASE_URL'),
      openaiModel: str('OPENAI_MODEL', 'default'),
      openaiApiKey: str('OPENAI_API_KEY', ''),
      timeoutMs: int('AI_TIMEOUT_MS', 120_000, 100, 3_600_000),
    },
    embedding: {
      provider,
      modelDir,
      ollamaModel: str('EMBEDDING_OLLAMA_MODEL', 'bge-m3'),
      // unset: the model family's own prefixes (modules/knowledge/embedding/prefixes.ts)
      queryPrefix: env.EMBEDDING_QUERY_PREFIX ?? null,
      passagePrefix: env.EMBEDDING_PASSAGE_PREFIX ?? null,
      timeoutMs: int('EMBEDDING_TIMEOUT_MS', 10_000, 100, 600_000),
    },
    chatRatePerMinute: int('CHAT_RATE_PER_MINUTE', 20, 1, 100_000),
    conversationsPerDay: int('CONVERSATIONS_PER_DAY', 200, 1, 1_000_000),
    questionLogDays: int('QUESTION_LOG_DAYS', 90, 0, 36_500),
    conversationTurnsPerMinute: int('CONVERSATION_TURNS_PER_MINUTE', 30, 1, 100_000),
    conversationStorageMb: int('CONVERSATION_STORAGE_MB', 100, 1, 1_000_000),
    chatRatePerMinuteIp: int('CHAT_RATE_PER_MINUTE_IP', 300, 1, 1_000_000),
    authRatePerMinute: int('AUTH_RATE_PER_MINUTE', 120, 1, 1_000_000), // generous: a campus NAT is one IP
    uploadRatePerMinute: int('UPLOAD_RATE_PER_MINUTE', 30, 1, 1_000_000),
    inFlight: {
      // issue 34 finding 6: one client cannot hold many model requests open, nor keep an unread stream alive
      perRequester: int('ANSWERS_IN_FLIGHT_PER_REQUESTER', 3, 1, 1000),
      perAddress: int('ANSWERS_IN_FLIGHT_PER_ADDRESS', 20, 1, 100_000), // a campus NAT is one address
      stallMs: int('STREAM_STALL_SECONDS', 30, 1, 3600) * 1000,
    },
    maxUploadBytes: int('MAX_UPLOAD_MB', 500, 1, 10_240) * 1024 * 1024,
    ocrWorkers: int('OCR_WORKERS', 0, 0, 64),
    ocrEngine: oneOf('OCR_ENGINE', 'wasm', ['auto', 'native', 'wasm'] as const),
    parseLimits: {
      attachment: parseLimits('ATTACHMENT', 20, 512, 300, 64, 256, 1_000_000),
      upload: parseLimits('UPLOAD', 1800, 1024, 2000, 256, 4096, 20_000_000),
    },
    metricsEnabled: bool('METRICS_ENABLED', false),
    metricsToken: str('METRICS_TOKEN', ''),
    landingCache: bool('LANDING_CACHE', true),
    demoLibrary: bool('DEMO_LIBRARY', true),
    timeZone: timeZone(str('TIME_ZONE', 'Asia/Bangkok')),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
