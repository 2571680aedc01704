// Loads the built-in demo provider on first use. oidc-provider prints "Unsupported runtime. Use Node.js
// v22.x LTS…" whenever it is loaded by anything but Node (its own check names Bun). The demo provider
// runs under Bun on purpose, and its sign-in journeys are tested here, so that one line only alarms the
// operator of every `npm start` and Docker trial; it alone is dropped while the module loads.
const UNSUPPORTED_RUNTIME = 'oidc-provider WARNING: Unsupported runtime';

export async function loadDevProvider(): Promise<typeof import('./index')> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes(UNSUPPORTED_RUNTIME)) return;
    warn(...args);
  };
  try {
    return await import('./index');
  } finally {
    console.warn = warn;
  }
}
