import { Document, type AssetManifest } from '../document';
import { Island } from '../island';
import { Brand } from '../components/Logo';
import { LandingSearch } from '../components/LandingSearch';
import { ThaiWords } from '../components/ThaiWords';
import { th } from '../strings/th';

export interface SupportedDocument {
  id: string;
  name: string;
  category: string | null;
  fileType: string;
}

const ICONS = ['M4 6h16M4 12h10M4 18h7', 'M6 3h9l5 5v13H6zM14 3v6h6', 'M4 7h16v13H4zM8 7V4h8v3'];

/** `home`: the signed-in caller's home (their chat or the console), shown instead of LOG IN. */
export function LandingPage({
  assets,
  documents,
  totalDocuments,
  home = null,
}: {
  assets: AssetManifest;
  documents: SupportedDocument[];
  totalDocuments: number;
  home?: { href: string; role: 'user' | 'admin' } | null;
}) {
  const t = th.landing;
  return (
    <Document title={th.app.name} assets={assets} islands={['landing']} bodyClass="page-landing">
      <header className="site-header">
        <a href="/landing" className="brand-link" aria-label={th.app.name}>
          <Brand />
        </a>
        {home ? (
          <a href={home.href} className="btn btn-outline">
            {home.role === 'admin' ? t.goToConsole : t.goToChat}
          </a>
        ) : (
          <a href="/login" className="btn btn-outline">
            {t.login}
          </a>
        )}
      </header>
      <main id="main">
        <section className="hero">
          <h1>
            <ThaiWords text={t.heroTitle} />
          </h1>
          <p className="hero-sub">
            <ThaiWords text={t.heroSubtitle} />
          </p>
          <Island name="landing" component={LandingSearch} props={{}} />
        </section>
        <section className="features" aria-labelledby="features-title">
          <h2 id="features-title" className="section-title">
            {t.featuresTitle}
          </h2>
          <div className="feature-grid">
            {t.features.map((f, i) => (
              <article key={f.title} className="feature-card">
                <svg className="feature-icon" viewBox="0 0 24 24" aria-hidden="true">
                  <path d={ICONS[i]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <h3>{f.title}</h3>
                <p>{f.body}</p>
              </article>
            ))}
          </div>
        </section>
        <section id="how-it-works" className="how" aria-labelledby="how-title">
          <h2 id="how-title" className="section-title">
            {t.howItWorksTitle}
          </h2>
          <ol className="how-steps">
            {t.howItWorks.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <section id="documentation" className="supported" aria-labelledby="supported-title">
          <h2 id="supported-title" className="section-title">
            {t.supportedTitle}
          </h2>
          {documents.length === 0 ? (
            <p className="empty-state">{t.supportedEmpty}</p>
          ) : (
            <ul className="supported-list">
              {documents.map((d) => (
                <li key={d.id}>
                  <span className={`type-badge type-${d.fileType === 'pdf' ? 'pdf' : 'docx'}`}>{d.fileType.toUpperCase()}</span>
                  <span className="supported-name">{d.name}</span>
                  {d.category && <span className="chip">{d.category}</span>}
                </li>
              ))}
              {totalDocuments > documents.length && <li className="supported-more">{t.supportedMore(totalDocuments - documents.length)}</li>}
            </ul>
          )}
        </section>
        <section id="supports" className="footnotes" aria-labelledby="footnotes-title">
          <h2 id="footnotes-title" className="visually-hidden">
            {t.footnotesTitle}
          </h2>
          <ol>
            {t.footnotes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ol>
        </section>
        <div className="info-grid">
          {(
            [
              ['about', t.about],
              ['contact-team', t.contact],
              ['privacy-policy', t.privacy],
            ] as const
          ).map(([id, info]) => (
            <section key={id} id={id} className="info-card" aria-labelledby={`${id}-title`}>
              <h2 id={`${id}-title`}>{info.title}</h2>
              <p>{info.body}</p>
            </section>
          ))}
        </div>
      </main>
      <footer className="site-footer">
        <nav aria-label={t.footerNavLabel}>
          {t.footerLinks.map((l) => (
            <a key={l.id} href={`/landing#${l.id}`}>
              {l.label}
            </a>
          ))}
        </nav>
        <span className="version">{t.versionLabel(th.app.version)}</span>
      </footer>
    </Document>
  );
}
