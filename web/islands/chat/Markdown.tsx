// Renders logic/markdown.ts blocks as React elements: text is always a text node (never HTML), and
// links to documents become download links (chat.md §2, §5).
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from './logic/markdown';
import { documentLinkType, isDocumentLink } from './logic/text';
import { DownloadIcon } from './icons';

function InlineNodes({ nodes }: { nodes: Inline[] }): ReactNode {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return <Fragment key={i}>{n.v}</Fragment>;
      case 'strong':
        return <strong key={i}><InlineNodes nodes={n.c} /></strong>;
      case 'em':
        return <em key={i}><InlineNodes nodes={n.c} /></em>;
      case 'code':
        return <code key={i}>{n.v}</code>;
      case 'link':
        if (isDocumentLink(n.href))
          return (
            <a key={i} className="doc-link" href={n.href} download rel="noopener">
              <DownloadIcon />
              <InlineNodes nodes={n.c} />
              <span className="doc-link-type">{documentLinkType(n.href)}</span>
            </a>
          );
        return (
          <a key={i} href={n.href} target={n.href.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer">
            <InlineNodes nodes={n.c} />
          </a>
        );
    }
  });
}

function Lines({ lines }: { lines: Inline[][] }) {
  return lines.map((l, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      <InlineNodes nodes={l} />
    </Fragment>
  ));
}

function BlockNode({ b }: { b: Block }) {
  switch (b.t) {
    case 'heading': {
      // answers sit under the page's h1 and the bubble's context: shift levels down
      const Tag = (['h3', 'h3', 'h4', 'h5'] as const)[b.level - 1]!;
      return <Tag><InlineNodes nodes={b.c} /></Tag>;
    }
    case 'p':
      return <p><Lines lines={b.lines} /></p>;
    case 'list': {
      const items = b.items.map((it, i) => <li key={i}><InlineNodes nodes={it} /></li>);
      return b.ordered ? <ol start={b.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'code':
      return <pre><code>{b.v}</code></pre>;
    case 'quote':
      return <blockquote><Lines lines={b.lines} /></blockquote>;
    case 'hr':
      return <hr />;
  }
}

export function Markdown({ text }: { text: string }) {
  return (
    <div className="md">
      {parseMarkdown(text).map((b, i) => (
        <BlockNode key={i} b={b} />
      ))}
    </div>
  );
}
