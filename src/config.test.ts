import { describe, expect, test } from 'bun:test';
import { ConfigError, loadConfig } from './config';

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
    expect(c.llm.ollamaHost).toBe('http://gpu:11434');
    expect(c.publicUrl).toBe('http://localhost:8080');
  });
});
