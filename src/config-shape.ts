// The shape of the validated configuration (config.ts reads and checks it from the environment).
import type { DatabaseTarget } from './db/database-url';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type EmbeddingProvider = 'none' | 'transformers' | 'ollama';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /** NODE_ENV was not set by the operator: unset, or set to production by `npm start` / the binary (scripts/start-defaults.ts) */
  nodeEnvDefaulted: boolean;
  host: string;
  port: number;
  publicUrl: string;
  answerLinkHosts: string[]; // ANSWER_LINK_HOSTS: hosts (and subdomains) answers may link to besides PUBLIC_URL's
  dataDir: string;
  /** FILES_DIR (issue 36): the folder holding `files/` (originals) and `drafts/`; shared storage when several instances run. Default DATA_DIR */
  filesDir: string;
  /** INDEX_URI (issue 36): the LanceDB index directory, shared by several instances (one writes). Default DATA_DIR/index */
  indexDir: string;
  /** INDEX_MEMORY_MB: the heap the index's two tables may take, held in this process for their searches (0: every search LanceDB's) */
  indexMemoryMb: number;
  /** SECRET_KEY (issue 36): the keys that sign cookies and cursors are derived from it, so every instance accepts the others'; unset: per-install files in DATA_DIR */
  secretKey: string | null;
  /** DATABASE_URL: SQLite under dataDir when unset */
  database: DatabaseTarget;
  logLevel: LogLevel;
  logFormat: 'json' | 'pretty';
  trustProxy: boolean;
  /** TRUSTED_PROXY_HOPS: how many proxies of ours each append to X-Forwarded-For (the client is that many from the right) */
  trustedProxyHops: number;
  /** /healthz reports 'degraded' when DATA_DIR's disk has less free space than this */
  diskFreeMinMb: number;
  sessionIdleHours: number;
  sessionMaxDays: number;
  adminEmails: string[];
  oidc: {
    issuer: string | null;
    clientId: string;
    clientSecret: string;
    scopes: string[];
    claimEmail: string;
    claimGivenName: string;
    claimFamilyName: string;
    claimPicture: string;
    /** where the IdP puts groups or roles: a claim name or a dotted path (realm_access.roles) */
    groupsClaim: string;
    /** IdP groups or roles whose members are admins, re-checked at every sign-in; empty: none */
    adminGroups: string[];
    /** e-mail domains that may sign in (lower-case); empty: any */
    allowedDomains: string[];
    allowDevProviderInProduction: boolean;
    /** DEV_OIDC_PORT was set: no longer used (the demo provider is served under PUBLIC_URL/dev-oidc); warned at start */
    devProviderPortIgnored: boolean;
  };
  llm: {
    ollamaHost: string | null;
    ollamaModel: string;
    /** the model's context window in tokens: Ollama's num_ctx and the prompt budget of both providers */
    contextTokens: number;
    ollamaKeepAlive: string;
    openaiBaseUrl: string | null;
    openaiModel: string;
    openaiApiKey: string;
    timeoutMs: number;
  };
  embedding: {
    provider: EmbeddingProvider;
    modelDir: string | null;
    ollamaModel: string;
    queryPrefix: string | null;
    passagePrefix: string | null;
    timeoutMs: number;
  };
  chatRatePerMinute: number;
  /** questions one account may save per minute (answering them spends the chat budget besides) */
  conversationTurnsPerMinute: number;
  /** new saved conversations one account may start in 24 hours */
  conversationsPerDay: number;
  /** days answered questions stay in the anonymous question log; 0 = not logged */
  questionLogDays: number;
  /** what one account's saved conversations may hold in all */
  conversationStorageMb: number;
  chatRatePerMinuteIp: number;
  /** sign-in starts and callbacks per client IP */
  authRatePerMinute: number;
  /** uploads and extractions per admin */
  uploadRatePerMinute: number;
  inFlight: { perRequester: number; perAddress: number; stallMs: number }; // answers running at once; how long a stream waits for its reader
  maxUploadBytes: number;
  ocrWorkers: number;
  /** OCR_ENGINE: tesseract.js (wasm, the default), the tesseract command where installed (auto), or always (native) */
  ocrEngine: 'auto' | 'native' | 'wasm';
  /** limits on parsing chat attachments (anyone may send them) and library uploads (admins) */
  parseLimits: { attachment: ParseLimitsSetting; upload: ParseLimitsSetting };
  metricsEnabled: boolean;
  /** when set, /metrics also answers remote scrapers presenting `Authorization: Bearer <token>` */
  metricsToken: string;
  /** render /landing once per catalogue change (false: stream a fresh render per request, as the bench measures) */
  landingCache: boolean;
  /** DEMO_LIBRARY: load the demo documents into an empty library on the first start with the built-in demo sign-in */
  demoLibrary: boolean;
  /** the university's time zone: a drafted memo's วันที่ is today there */
  timeZone: string;
}

/** Hard limits on reading one untrusted file (modules/extraction/parse-limits.ts holds the defaults and uses them). */
export interface ParseLimitsSetting {
  /** wall time from asking until the text is back, queueing and OCR included */
  timeoutMs: number;
  /** resident memory of the worker process reading the file; it is killed past it */
  memoryBytes: number;
  maxPages: number;
  /** what one zip entry or one PDF stream may inflate to */
  maxInflatedEntryBytes: number;
  /** what all entries or streams of the file may inflate to together */
  maxInflatedTotalBytes: number;
  /** characters of extracted text */
  maxChars: number;
}
