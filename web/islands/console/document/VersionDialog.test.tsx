// The version dialog opens already holding the next version: the field must never show empty first
// (an effect filled it one render late; the e2e console journey read it in that gap and failed in CI).
import { describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { VersionDialog } from './VersionDialog';

const html = (stored: string) => renderToString(<VersionDialog open stored={stored} onCancel={() => {}} onContinue={() => {}} />);

describe('version dialog', () => {
  test('the first render proposes the next version, and continuing is enabled', () => {
    const out = html('1.0.0');
    expect(out).toContain('value="1.0.1"');
    expect(out).not.toMatch(/<button[^>]*disabled[^>]*>ดำเนินการต่อ/);
  });
  test('a stored version with two parts is read as three and bumped in its last part', () => {
    expect(html('2.3')).toContain('value="2.3.1"');
  });
});
