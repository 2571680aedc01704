import { Document, type AssetManifest } from '../document';
import { Brand } from '../components/Logo';
import { th } from '../strings/th';

// Terms and privacy in full (chat.md §2: the sign-in page carries terms and privacy text).
const TERMS = th.loginTerms;

/** /login: one button that starts the university sign-on (a plain link, so it works before hydration). */
export function LoginPage({ assets, loginHref }: { assets: AssetManifest; loginHref: string }) {
  const t = th.login;
  return (
    <Document title={t.title} assets={assets} bodyClass="page-center">
      <main id="main" className="center-card login-card">
        <Brand />
        <h1>{t.title}</h1>
        <p className="muted">{t.subtitle}</p>
        <a href={loginHref} className="btn btn-primary btn-block" data-testid="sso-login">
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M3 10 12 5l9 5-9 5-9-5Z" />
            <path d="M7 12v4c0 1.5 2.2 3 5 3s5-1.5 5-3v-4" />
          </svg>
          {t.continue}
        </a>
        <p className="fineprint">{t.terms}</p>
        <details className="fineprint" style={{ textAlign: 'left', width: '100%' }}>
          <summary style={{ cursor: 'pointer' }}>{TERMS.heading}</summary>
          <ul style={{ paddingLeft: '1.2em', margin: '8px 0 0' }}>
            {TERMS.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </details>
        <div className="actions">
          <a href="/guest/chat">{t.guest}</a>
          <a href="/landing">{t.back}</a>
        </div>
      </main>
    </Document>
  );
}
