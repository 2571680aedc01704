// An island: server-rendered like any component, then hydrated in the browser by its own bundle
// (web/islands/<name>.client.tsx). Props travel as inert JSON, escaped so they cannot close the tag.
import { use, type ComponentType } from 'react';
import { renderToReadableStream } from 'react-dom/server';

export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The island rendered as its own React root, exactly as hydrateRoot renders it in the browser. useId
 * derives ids from the position in the tree, so rendering it inside the page (html > body > …) gave ids
 * the client never reproduces: aria-labelledby and aria-controls then pointed at nothing after hydration.
 */
export async function renderIslandHtml<P extends object>(C: ComponentType<P>, props: P): Promise<string> {
  const stream = await renderToReadableStream(<C {...props} />);
  await stream.allReady;
  return new Response(stream).text();
}

// A suspended render is retried with the same props object: keep its render until the request is done.
const rendered = new WeakMap<object, Promise<string>>();

export function Island<P extends object>({ name, component: C, props }: { name: string; component: ComponentType<P>; props: P }) {
  let html = rendered.get(props);
  if (!html) {
    html = renderIslandHtml(C, props);
    rendered.set(props, html);
  }
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own server render, made by React a line above */}
      <div id={`island-${name}`} data-island={name} className="island" dangerouslySetInnerHTML={{ __html: use(html) }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: props as JSON, escaped by safeJson for a script element */}
      <script type="application/json" id={`island-${name}-props`} dangerouslySetInnerHTML={{ __html: safeJson(props) }} />
    </>
  );
}
