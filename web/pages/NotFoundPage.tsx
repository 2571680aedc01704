import { Document, type AssetManifest } from '../document';
import { Island } from '../island';
import { Brand } from '../components/Logo';
import { BackButton } from '../components/BackButton';
import { th } from '../strings/th';

export function NotFoundPage({ assets }: { assets: AssetManifest }) {
  return (
    <Document title={th.notFound.title} assets={assets} islands={['back']} bodyClass="page-center">
      <main id="main" className="center-card">
        <Brand />
        <p className="big-code" aria-hidden="true">
          404
        </p>
        <h1>{th.notFound.title}</h1>
        <p className="muted">{th.notFound.body}</p>
        <div className="actions">
          <a href="/" className="btn btn-primary">
            {th.notFound.goHome}
          </a>
          <Island name="back" component={BackButton} props={{}} />
        </div>
      </main>
    </Document>
  );
}
