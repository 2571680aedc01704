// The built-in demo provider, loaded on first use, without two warnings oidc-provider prints for exactly
// the way we run it: "Unsupported runtime" (it names Bun; the demo provider runs under Bun on purpose and
// its sign-in journeys are tested here) and "quick start development-only in-memory adapter" (a demo's
// sign-ins are meant to vanish on restart). At every `npm start` and Docker trial they only alarmed the
// operator. Only these lines are dropped, and only while the provider loads and starts.
const EXPECTED = ['oidc-provider WARNING: Unsupported runtime', 'oidc-provider WARNING: a quick start development-only in-memory adapter'];

export async function withoutExpectedWarnings<T>(fn: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && EXPECTED.some((line) => (args[0] as string).includes(line))) return;
    warn(...args);
  };
  try {
    return await fn();
  } finally {
    console.warn = warn;
  }
}

export function loadDevProvider(): Promise<typeof import('./index')> {
  return withoutExpectedWarnings(() => import('./index'));
}
