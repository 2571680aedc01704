import type { ReactNode } from 'react';
import { th } from './strings/th';

export interface AssetManifest {
  css: string[];
  islands: Record<string, string>;
  preload: string[];
}

export interface DocumentProps {
  title: string;
  assets: AssetManifest;
  islands?: string[];
  bodyClass?: string;
  description?: string;
  children: ReactNode;
}

/** The HTML shell of every page: Thai language, self-hosted fonts and CSS, island bundles as modules. */
export function Document({ title, assets, islands = [], bodyClass, description, children }: DocumentProps) {
  return (
    <html lang="th">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={description ?? th.app.description} />
        <meta name="theme-color" content="#1f3a8a" />
        <title>{title === th.app.name ? title : `${title} · ${th.app.name}`}</title>
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        {assets.preload.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {islands.map((name) => assets.islands[name] && <script key={name} type="module" src={assets.islands[name]} />)}
      </head>
      <body className={bodyClass}>
        <a className="skip-link" href="#main">
          {th.app.skipToContent}
        </a>
        {children}
      </body>
    </html>
  );
}
