import type { ReactNode } from 'react';

/**
 * Renders the stored text: "## " starts a section, "- " a list item, any other line a paragraph.
 * Text only: the content is never inserted as HTML.
 */
export function TermsContent({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let items: string[] = [];
  const flushList = () => {
    if (!items.length) return;
    blocks.push(
      <ul key={`ul-${blocks.length}`} className="list-disc space-y-1 pl-6">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>,
    );
    items = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('- ')) {
      items.push(line.slice(2));
      continue;
    }
    flushList();
    if (!line) continue;
    if (line.startsWith('## ')) {
      blocks.push(
        <h2 key={`h-${blocks.length}`} className="pt-2 text-lg font-semibold">
          {line.slice(3)}
        </h2>,
      );
    } else {
      blocks.push(<p key={`p-${blocks.length}`}>{line}</p>);
    }
  }
  flushList();
  return <div className="text-foreground/90 space-y-3 leading-relaxed">{blocks}</div>;
}
