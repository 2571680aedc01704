import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HELD_MEMORY_MB } from '../modules/knowledge/index/held-table';
import { ConfigError, loadConfig } from './config';

const root = join(import.meta.dir, '..');

/** Every variable loadConfig reads: the ones it touches with an empty environment, plus any named in
 *  its source (a read behind a condition would not show up in the first set). */
function settingsRead(): string[] {
  const seen = new Set<string>();
  const spy = new Proxy({} as Record<string, string | undefined>, {
    get: (_, key) => (typeof key === 'string' && seen.add(key), undefined),
  });
  loadConfig(spy);
  const source = readFileSync(join(import.meta.dir, 'config.ts'), 'utf8');
  for (const m of source.matchAll(/\b(?:raw|str|int|bool|oneOf|url)\('([A-Z][A-Z0-9_]*)'|\benv\.([A-Z][A-Z0-9_]*)/g)) seen.add(m[1] ?? m[2]!);
  return [...seen].sort();
}

describe('loadConfig', () => {
  test('starts on safe defaults with no environment at all', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.oidc.issuer).toBeNull();
    expect(c.llm.ollamaHost).toBeNull();
    expect(c.embedding.provider).toBe('none');
    expect(c.chatRatePerMinute).toBe(20);
    expect(c.chatRatePerMinuteIp).toBe(300);
    expect(c.maxUploadBytes).toBe(500 * 1024 * 1024);
    expect(c.llm.timeoutMs).toBe(120_000);
  });

  test('reports every bad value at once, naming the variable', () => {
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', OLLAMA_HOST: 'not a url', ADMIN_EMAILS: 'a@b.co, nope' });
      throw new Error('should have failed');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as Error).message;
      expect(msg).toContain('PORT must be a whole number from 0 to 65535 (got "abc")');
      expect(msg).toContain('LOG_LEVEL must be one of');
      expect(msg).toContain('OLLAMA_HOST must be an http(s) URL');
      expect(msg).toContain('ADMIN_EMAILS has an invalid e-mail "nope"');
    }
  });

  test('requires the model folder for local embeddings and a client id with a real issuer', () => {
    expect(() => loadConfig({ EMBEDDING_PROVIDER: 'transformers' })).toThrow('EMBEDDING_MODEL_DIR is required');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.ac.th' })).toThrow('OIDC_CLIENT_ID is required');
  });

  test('parses lists, booleans and URLs', () => {
    const c = loadConfig({ ADMIN_EMAILS: ' A@Uni.ac.th ,b@uni.ac.th', TRUST_PROXY: 'yes', OLLAMA_HOST: 'http://gpu:11434/', PORT: '8080' });
    expect(c.adminEmails).toEqual(['a@uni.ac.th', 'b@uni.ac.th']);
    expect(c.trustProxy).toBe(true);
    expect(c.trustedProxyHops).toBe(1);
    expect(loadConfig({ TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
    expect(() => loadConfig({ TRUSTED_PROXY_HOPS: '0' })).toThrow(/TRUSTED_PROXY_HOPS must be a whole number from 1/);
    expect(c.llm.ollamaHost).toBe('http://gpu:11434');
    expect(c.publicUrl).toBe('http://localhost:8080');
  });

  test('IdP groups, admin groups and allowed domains', () => {
    const c = loadConfig({
      OIDC_GROUPS_CLAIM: 'realm_access.roles',
      OIDC_ADMIN_GROUPS: ' askreg-admins , AskReg.Admin ',
      OIDC_ALLOWED_DOMAINS: '@Uni.ac.th, student.uni.ac.th',
    });
    expect(c.oidc.groupsClaim).toBe('realm_access.roles');
    expect(c.oidc.adminGroups).toEqual(['askreg-admins', 'AskReg.Admin']);
    expect(c.oidc.allowedDomains).toEqual(['uni.ac.th', 'student.uni.ac.th']);
    expect(loadConfig({})).toMatchObject({ oidc: { groupsClaim: 'groups', adminGroups: [], allowedDomains: [] } });
    expect(() => loadConfig({ OIDC_ALLOWED_DOMAINS: 'uni.ac.th, not a domain' })).toThrow('OIDC_ALLOWED_DOMAINS has an invalid domain "not a domain"');
  });

  test('DEV_OIDC_PORT is no longer used: any value starts, and is noted for a warning', () => {
    expect(loadConfig({ DEV_OIDC_PORT: '9000' }).oidc.devProviderPortIgnored).toBe(true);
    expect(loadConfig({ DEV_OIDC_PORT: 'abc' }).oidc.devProviderPortIgnored).toBe(true);
    expect(loadConfig({}).oidc.devProviderPortIgnored).toBe(false);
  });

  test('the landing cache is on unless LANDING_CACHE=false', () => {
    expect(loadConfig({}).landingCache).toBe(true);
    expect(loadConfig({ LANDING_CACHE: 'false' }).landingCache).toBe(false);
    expect(() => loadConfig({ LANDING_CACHE: 'sometimes' })).toThrow('LANDING_CACHE must be true or false');
  });
});

describe('configuration documentation', () => {
  const settings = settingsRead();

  test('finds the settings it checks', () => {
    for (const name of ['PORT', 'DATA_DIR', 'AUTH_RATE_PER_MINUTE', 'UPLOAD_RATE_PER_MINUTE', 'EMBEDDING_QUERY_PREFIX', 'LANDING_CACHE'])
      expect(settings).toContain(name);
  });

  test('every setting is in .env.example', () => {
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    expect(settings.filter((name) => !listed.has(name))).toEqual([]);
  });

  test("every setting is in the README's configuration table", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const lines = readme.split('\n');
    const start = lines.indexOf('| variable | default | meaning |');
    expect(start).toBeGreaterThan(-1);
    const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
    const table = lines.slice(start + 2, end).join('\n');
    const listed = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
    expect(settings.filter((name) => !listed.has(name))).toEqual([]);
  });
});

describe('parse limits (issue 19)', () => {
  test("default to the extraction module's own, lower for chat attachments than for library uploads", async () => {
    const { DEFAULT_ATTACHMENT_LIMITS, DEFAULT_UPLOAD_LIMITS } = await import('../modules/extraction/parse-limits');
    const c = loadConfig({});
    expect(c.parseLimits).toEqual({ attachment: DEFAULT_ATTACHMENT_LIMITS, upload: DEFAULT_UPLOAD_LIMITS });
    for (const key of Object.keys(DEFAULT_UPLOAD_LIMITS) as Array<keyof typeof DEFAULT_UPLOAD_LIMITS>)
      expect(c.parseLimits.attachment[key]).toBeLessThan(c.parseLimits.upload[key]);
  });

  test('are settings in seconds, MB, pages and characters; out of range values stop start-up', () => {
    const c = loadConfig({
      ATTACHMENT_PARSE_SECONDS: '3',
      ATTACHMENT_PARSE_MEMORY_MB: '200',
      UPLOAD_MAX_PAGES: '50',
      UPLOAD_MAX_INFLATED_MB: '8',
      UPLOAD_MAX_CHARS: '5000',
    });
    expect(c.parseLimits.attachment).toMatchObject({ timeoutMs: 3000, memoryBytes: 200 * 1024 * 1024 });
    expect(c.parseLimits.upload).toMatchObject({ maxPages: 50, maxInflatedEntryBytes: 8 * 1024 * 1024, maxChars: 5000 });
    expect(() => loadConfig({ ATTACHMENT_PARSE_MEMORY_MB: '16' })).toThrow(/ATTACHMENT_PARSE_MEMORY_MB must be a whole number from 128/);
  });
});

describe('DATABASE_URL (issue 36)', () => {
  test('unset is SQLite under DATA_DIR; a bad URL is named; a postgres URL is the Postgres database', () => {
    expect(loadConfig({}).database).toEqual({ kind: 'sqlite' });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/askreg' })).toThrow('DATABASE_URL must start with postgres://');
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db' })).toThrow('DATABASE_URL has no database name');
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow('DATABASE_URL must be a postgres:// URL');
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/askreg' }).database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/askreg' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://askreg@localhost/askreg' }).database.kind).toBe('postgres');
  });
});

describe('FILES_DIR and INDEX_URI (issue 36)', () => {
  test("unset, today's places under DATA_DIR; set, the shared folders; an object-store URI is refused by name", () => {
    const c = loadConfig({ DATA_DIR: '/srv/askreg' });
    expect([c.filesDir, c.indexDir]).toEqual(['/srv/askreg', '/srv/askreg/index']);
    const shared = loadConfig({ DATA_DIR: '/srv/askreg', FILES_DIR: '/mnt/shared/files', INDEX_URI: 'file:///mnt/shared/index' });
    expect([shared.filesDir, shared.indexDir]).toEqual(['/mnt/shared/files', '/mnt/shared/index']);
    expect(() => loadConfig({ INDEX_URI: 's3://bucket/index' })).toThrow('INDEX_URI must be a directory');
  });
});

describe('INDEX_MEMORY_MB', () => {
  test("unset, the index's own default; a number of MB, 0 included (every search LanceDB's); anything else refused by name", () => {
    expect(loadConfig({}).indexMemoryMb).toBe(HELD_MEMORY_MB);
    expect(loadConfig({ INDEX_MEMORY_MB: '0' }).indexMemoryMb).toBe(0);
    expect(loadConfig({ INDEX_MEMORY_MB: '2048' }).indexMemoryMb).toBe(2048);
    expect(() => loadConfig({ INDEX_MEMORY_MB: 'lots' })).toThrow('INDEX_MEMORY_MB');
    expect(() => loadConfig({ INDEX_MEMORY_MB: '-1' })).toThrow('INDEX_MEMORY_MB');
  });
});
