// One document's extracted text, with its differences highlighted. Always plain text: the
// text of an HTML file is shown as characters, never as markup.
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
  paneRef(element: HTMLElement | null): void;
  onScroll(event: UIEvent<HTMLElement>): void;
}

function SegmentView({ segment, current }: { segment: Segment; current: boolean }) {
  if (segment.kind === 'same') return segment.text;
  const [lead, words, trail] = splitSpace(segment.text);
  const className = `diff-${words ? segment.kind : 'gap'}${current ? ' current' : ''}`;
  return (
    <>
      {lead}
      {words ? (
        <mark className={className} data-change={segment.change}>
          {words}
        </mark>
      ) : (
        <span className={className} data-change={segment.change} aria-hidden="true" />
      )}
      {trail}
    </>
  );
}

export const DocumentText = memo(function DocumentText({ label, text, segments, currentChange, paneRef, onScroll }: DocumentTextProps) {
  let body;
  if (!text || text.status === 'loading') body = <p className="text-status">Loading text…</p>;
  else if (text.status === 'error') body = <p className="text-status error">The text could not be read: {text.message}</p>;
  else if (!text.text.trim()) body = <p className="text-status">No text could be extracted from this file.</p>;
  else if (!segments) body = text.text;
  else body = segments.map((segment, i) => <SegmentView key={i} segment={segment} current={segment.change !== undefined && segment.change === currentChange} />);

  return (
    <div ref={paneRef} className="document-text" role="region" aria-label={label} tabIndex={0} onScroll={onScroll}>
      {text?.status === 'ready' && text.truncated && <p className="text-status">Only the beginning of this long document is shown.</p>}
      <div className="document-body">{body}</div>
    </div>
  );
});
