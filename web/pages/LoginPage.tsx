import { Document, type AssetManifest } from '../document';
import { Brand } from '../components/Logo';
import { th } from '../strings/th';

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
          {t.continue}
        </a>
        <p className="fineprint">{t.terms}</p>
        <div className="actions">
          <a href="/guest/chat">{t.guest}</a>
          <a href="/landing">{t.back}</a>
        </div>
      </main>
    </Document>
  );
}
