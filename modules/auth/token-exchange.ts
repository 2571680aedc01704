// The authorization-code exchange (RFC 6749 §4.1.3, PKCE RFC 7636 §4.5) over a given fetch. arctic's
// OAuth2Client sends it with the global fetch, which cannot reach the built-in provider: that one is
// served in-process under the app's own port, and the app may not be able to reach its own PUBLIC_URL
// (a container behind a proxy), so its back channel is a function call. arctic still parses the answer.
import { OAuth2RequestError, OAuth2Tokens } from 'arctic';

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface CodeExchange {
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
}

/** Thrown when the provider could not be reached or answered something that is not a token response. */
export class TokenEndpointUnusable extends Error {}

export async function exchangeCode(fetchFn: Fetch, p: CodeExchange, timeoutMs: number): Promise<OAuth2Tokens> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code: p.code, redirect_uri: p.redirectUri, code_verifier: p.codeVerifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  // client_secret_basic (RFC 6749 §2.3.1: both parts form-encoded) for a confidential client; a public client names itself.
  if (p.clientSecret) headers.authorization = `Basic ${btoa(`${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.clientSecret)}`)}`;
  else body.set('client_id', p.clientId);
  let res: Response;
  try {
    res = await fetchFn(p.tokenEndpoint, { method: 'POST', headers, body: body.toString(), signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new TokenEndpointUnusable('unreachable');
  }
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!data || typeof data !== 'object') throw new TokenEndpointUnusable(`status ${res.status}`);
  if (typeof data.error === 'string') {
    const description = typeof data.error_description === 'string' ? data.error_description : null;
    throw new OAuth2RequestError(data.error, description, null, null);
  }
  if (!res.ok) throw new TokenEndpointUnusable(`status ${res.status}`);
  return new OAuth2Tokens(data);
}
