// Assistant answers as Markdown: parsed by `marked` (its lexer only: GitHub-style tables, nested lists,
// autolinks) and rendered here as React elements, so text is always a text node and never HTML (raw
// HTML in model text stays visible text). Links pass the one link filter; links to documents become
// download links (chat.md §2, §5). Absolute links only to the allowed hosts (contracts/answer-links.ts).
import { createContext, Fragment, useContext, type ReactNode } from 'react';
import { Lexer, type Token, type Tokens } from 'marked';
import { safeHref } from '../../lib/safe-href';
import { answerLinkAllowed } from '../../../contracts/answer-links';
import { documentLinkType, isDocumentLink } from './logic/text';
import { DownloadIcon } from './icons';

/** The hosts an answer may link to (PUBLIC_URL's and ANSWER_LINK_HOSTS, from the server); other links show as text. */
const LinkHosts = createContext<readonly string[]>([]);

// A bare same-site document path in an answer ("…ดาวน์โหลดที่ /api/files/x/download") is a link too.
const BARE_DOCUMENT = /(?<![\w/])\/(?:ai-)?api\/(?:files|drafts)\/[\w-]+\/download/g;

function Link({ href, children }: { href: string; children: ReactNode }) {
  const hosts = useContext(LinkHosts);
  const safe = safeHref(href);
  // a document's or a model's link to a host outside the list is its words, not a link (issue 34 finding 11)
  if (!safe || !answerLinkAllowed(safe, hosts)) return <>{children}</>;
  if (isDocumentLink(safe))
    return (
      <a className="doc-link" href={safe} download rel="noopener">
        <DownloadIcon />
        {children}
        <span className="doc-link-type">{documentLinkType(safe)}</span>
      </a>
    );
  return (
    <a href={safe} target={safe.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer">
      {children}
    </a>
  );
}

function PlainText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(BARE_DOCUMENT)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(
      <Link key={m.index} href={m[0]}>
        {m[0]}
      </Link>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

function Inline({ tokens }: { tokens: Token[] | undefined }): ReactNode {
  return (tokens ?? []).map((t, i) => {
    switch (t.type) {
      case 'strong':
        return (
          <strong key={i}>
            <Inline tokens={(t as Tokens.Strong).tokens} />
          </strong>
        );
      case 'em':
        return (
          <em key={i}>
            <Inline tokens={(t as Tokens.Em).tokens} />
          </em>
        );
      case 'del':
        return (
          <del key={i}>
            <Inline tokens={(t as Tokens.Del).tokens} />
          </del>
        );
      case 'codespan':
        return <code key={i}>{decode((t as Tokens.Codespan).text)}</code>;
      case 'br':
        return <br key={i} />;
      case 'link':
        return (
          <Link key={i} href={(t as Tokens.Link).href}>
            <Inline tokens={(t as Tokens.Link).tokens} />
          </Link>
        );
      case 'image': // never loaded: its description, linked when the address is one we allow
        return (
          <Link key={i} href={(t as Tokens.Image).href}>
            {(t as Tokens.Image).text}
          </Link>
        );
      case 'text': {
        const tt = t as Tokens.Text;
        return tt.tokens ? <Inline key={i} tokens={tt.tokens} /> : <PlainText key={i} text={decode(tt.text)} />;
      }
      case 'escape':
        return <Fragment key={i}>{(t as Tokens.Escape).text}</Fragment>;
      default: // html and anything unknown: what was written, as text
        return <Fragment key={i}>{t.raw}</Fragment>;
    }
  });
}

/** marked escapes &, <, >, " in text it hands out for HTML output; we render text nodes, so undo it. */
function decode(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
}

function Blocks({ tokens }: { tokens: Token[] }): ReactNode {
  return tokens.map((t, i) => {
    switch (t.type) {
      case 'heading': {
        // answers sit under the page's h1 and the bubble's context: shift levels down
        const Tag = (['h3', 'h3', 'h4', 'h5', 'h5', 'h5'] as const)[(t as Tokens.Heading).depth - 1]!;
        return (
          <Tag key={i}>
            <Inline tokens={(t as Tokens.Heading).tokens} />
          </Tag>
        );
      }
      case 'paragraph':
        return (
          <p key={i}>
            <Inline tokens={(t as Tokens.Paragraph).tokens} />
          </p>
        );
      case 'list': {
        const l = t as Tokens.List;
        const items = l.items.map((it, j) => (
          <li key={j}>
            <Blocks tokens={it.tokens} />
          </li>
        ));
        return l.ordered ? (
          <ol key={i} start={typeof l.start === 'number' ? l.start : 1}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case 'table': {
        const tb = t as Tokens.Table;
        const align = (a: 'left' | 'right' | 'center' | null) => (a ? { textAlign: a } : undefined);
        return (
          <div key={i} className="md-table" role="region" aria-label="ตาราง" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  {tb.header.map((c, j) => (
                    <th key={j} scope="col" style={align(tb.align[j] ?? null)}>
                      <Inline tokens={c.tokens} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tb.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((c, j) => (
                      <td key={j} style={align(tb.align[j] ?? null)}>
                        <Inline tokens={c.tokens} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      }
      case 'code':
        return (
          <pre key={i}>
            <code>{(t as Tokens.Code).text}</code>
          </pre>
        );
      case 'blockquote':
        return (
          <blockquote key={i}>
            <Blocks tokens={(t as Tokens.Blockquote).tokens} />
          </blockquote>
        );
      case 'hr':
        return <hr key={i} />;
      case 'space':
      case 'def':
        return null;
      case 'text': // a tight list item's text
        return <Inline key={i} tokens={(t as Tokens.Text).tokens ?? [t]} />;
      default: // html blocks: shown as the text they are
        return <p key={i}>{t.raw}</p>;
    }
  });
}

export function Markdown({ text, linkHosts = [] }: { text: string; linkHosts?: readonly string[] }) {
  // breaks: a single line break in an answer is a line break (clauses and their sub-items are written so)
  const tokens = Lexer.lex(text, { gfm: true, breaks: true });
  return (
    <LinkHosts value={linkHosts}>
      <div className="md">
        <Blocks tokens={tokens} />
      </div>
    </LinkHosts>
  );
}
