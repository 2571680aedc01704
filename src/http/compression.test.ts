import { describe, expect, test } from 'bun:test';
import { acceptsGzip } from './compression';

describe('acceptsGzip', () => {
  test('browsers’ headers allow gzip', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
  });
  test('no header, identity only, or q=0 refuse it', () => {
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('gzip;q=0.0')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
  });
  test('an explicit gzip entry wins over the wildcard', () => {
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0, gzip')).toBe(true);
  });
});
