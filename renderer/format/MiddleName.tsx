// A file name cut in the middle when space runs out (see nameParts.ts), optionally with the
// part that tells it apart from the other names of its cluster highlighted.
import { displayPath } from '../../shared/fsName.ts';
import { differingSpan, splitName } from './nameParts.ts';

interface MiddleNameProps {
  name: string;
  /** The other names of the cluster: the cut keeps what differs from them. */
  others?: readonly string[];
  /** Highlight the differing part. */
  highlight?: boolean;
  className?: string;
  title?: string;
}

/** `text` (which starts at `from` in the name) with the characters in [start, end) highlighted. */
function withHighlight(text: string, from: number, span: [number, number] | null) {
  if (!span) return displayPath(text);
  const start = Math.max(0, span[0] - from);
  const end = Math.min(text.length, span[1] - from);
  if (end <= start) return displayPath(text);
  return (
    <>
      {displayPath(text.slice(0, start))}
      <b className="name-diff">{displayPath(text.slice(start, end))}</b>
      {displayPath(text.slice(end))}
    </>
  );
}

export function MiddleName({ name, others = [], highlight = false, className = '', title }: MiddleNameProps) {
  const span = differingSpan(name, others);
  const { head, tail } = splitName(name, span);
  const shown = highlight ? span : null;
  return (
    <span className={`middle-name ${className}`} title={title ?? displayPath(name)}>
      <span className="name-head">{withHighlight(head, 0, shown)}</span>
      <span className="name-tail">{withHighlight(tail, head.length, shown)}</span>
    </span>
  );
}
