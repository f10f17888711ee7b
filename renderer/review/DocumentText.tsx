// One document's extracted text, with its differences highlighted. Always plain text: the
// text of an HTML file is shown as characters, never as markup. Every run of text carries its
// offset in the document (data-start), which aligned scrolling reads and seeks.
import { memo } from 'react';
import type { UIEvent } from 'react';
import { splitSpace } from '../diff/wordDiff.ts';
import type { Segment } from '../diff/wordDiff.ts';
import type { DocumentText as DocumentTextState } from '../store/selectionSlice.ts';

interface DocumentTextProps {
  label: string;
  text: DocumentTextState | undefined;
  /** The diff's segments for this side, or undefined to show the text as it is. */
  segments: Segment[] | undefined;
  currentChange: number | null;
  /** Shown above the text, e.g. that it has the same words as another file. */
  note?: string | undefined;
  paneRef(element: HTMLElement | null): void;
  onScroll(event: UIEvent<HTMLElement>): void;
}

function SegmentView({ segment, start, current }: { segment: Segment; start: number; current: boolean }) {
  if (segment.kind === 'same') return <span data-start={start}>{segment.text}</span>;
  const [lead, words, trail] = splitSpace(segment.text);
  const className = `diff-${words ? segment.kind : 'gap'}${current ? ' current' : ''}`;
  return (
    <span data-start={start}>
      {lead}
      {words ? (
        <mark className={className} data-change={segment.change}>
          {words}
        </mark>
      ) : (
        <span className={className} data-change={segment.change} aria-hidden="true" />
      )}
      {trail}
    </span>
  );
}

function Segments({ segments, currentChange }: { segments: Segment[]; currentChange: number | null }) {
  let start = 0;
  return segments.map((segment, i) => {
    const at = start;
    start += segment.text.length;
    return <SegmentView key={i} segment={segment} start={at} current={segment.change !== undefined && segment.change === currentChange} />;
  });
}

export const DocumentText = memo(function DocumentText({ label, text, segments, currentChange, note, paneRef, onScroll }: DocumentTextProps) {
  let body;
  if (!text || text.status === 'loading') body = <p className="text-status">Loading text…</p>;
  else if (text.status === 'error') body = <p className="text-status error">The text could not be read: {text.message}</p>;
  else if (!text.text.trim()) body = <p className="text-status">No text could be extracted from this file.</p>;
  else if (!segments) body = <span data-start={0}>{text.text}</span>;
  else body = <Segments segments={segments} currentChange={currentChange} />;

  return (
    <div ref={paneRef} className="document-text" role="region" aria-label={label} tabIndex={0} onScroll={onScroll}>
      {note && <p className="same-text-note">{note}</p>}
      {text?.status === 'ready' && text.truncated && <p className="text-status">Only the beginning of this long document is shown.</p>}
      <div className="document-body">{body}</div>
    </div>
  );
});
