// An island: server-rendered like any component, then hydrated in the browser by its own bundle
// (web/islands/<name>.client.tsx). Props travel as inert JSON, escaped so they cannot close the tag.
import type { ComponentType } from 'react';

export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function Island<P extends object>({ name, component: C, props }: { name: string; component: ComponentType<P>; props: P }) {
  return (
    <>
      <div id={`island-${name}`} data-island={name} className="island">
        <C {...props} />
      </div>
      <script type="application/json" id={`island-${name}-props`} dangerouslySetInnerHTML={{ __html: safeJson(props) }} />
    </>
  );
}
