// A name or folder cut to its space at segment boundaries (segmentCut.ts), keeping its start,
// its end, its extension and the part that tells it apart from the other names of its cluster
// (optionally highlighted). The cut is measured, not guessed: the text's width in the element's
// own font against the element's width, again whenever that width changes.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { bestCut, cutCandidates, ELLIPSIS, endWords, extensionRange, narrowestCut, wholeSegments } from './segmentCut.ts';
import type { Cut } from './segmentCut.ts';
import { differingSpan } from './nameParts.ts';

type Range = readonly [number, number];

interface MiddleNameProps {
  /** Already in display form (displayPath). */
  name: string;
  /** The other names of the cluster: the cut keeps what differs from them. */
  others?: readonly string[];
  /** Highlight the differing part. */
  highlight?: boolean;
  /**
   * A file name keeps its extension and last word before all else; a folder (already relative
   * to what the cluster's folders share) its first, where folders differ most.
   */
  kind?: 'name' | 'folder';
  className?: string;
  title?: string;
}

let measureContext: CanvasRenderingContext2D | null | undefined;

/**
 * Widths of every prefix of `text` (index i: text[0, i)) and of the ellipsis, in the element's
 * font, the highlighted part (`bold`) in bold.
 */
function measure(element: HTMLElement, text: string, bold: Range | null): { prefix: number[]; ellipsis: number } | null {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return null;
  const context = measureContext;
  const style = getComputedStyle(element);
  const font = (weight: string) => `${style.fontStyle} ${weight} ${style.fontSize} ${style.fontFamily}`;
  context.font = font(style.fontWeight);
  const prefix = [0];
  for (let i = 1; i <= text.length; i++) prefix.push(context.measureText(text.slice(0, i)).width);
  const ellipsis = context.measureText(ELLIPSIS).width;
  if (bold) {
    // What the bold part adds, spread over its characters so that every prefix carries its share.
    const [start, end] = bold;
    const regular = prefix[end]! - prefix[start]!;
    context.font = font('700');
    const extra = Math.max(0, context.measureText(text.slice(start, end)).width - regular) / (end - start);
    for (let i = start + 1; i <= text.length; i++) prefix[i]! += extra * (Math.min(i, end) - start);
  }
  return { prefix, ellipsis };
}

/**
 * What the cut keeps, most first: each set is tried in turn until one leaves a cut that fits.
 * Always the extension; then the first and last words and the differing part; then less.
 */
function keepSets(text: string, kind: 'name' | 'folder', span: Range | null): Range[][] {
  const extension = extensionRange(text);
  const { first, last } = endWords(text, kind === 'name' ? extension : null);
  const some = (...ranges: (Range | null)[]) => ranges.filter((r): r is Range => r !== null);
  if (kind === 'folder') return [some(first, last, span), some(first, last), some(first, span), some(first)];
  return [some(extension, first, last, span), some(extension, first, last), some(extension, last, span), some(extension, last)];
}

/** The cut of `text` that fits the element, re-chosen when its width changes. */
function useFittedCut(text: string, kind: 'name' | 'folder', span: Range | null, highlight: boolean) {
  const ref = useRef<HTMLSpanElement>(null);
  const whole: Cut = { head: text.length, tail: text.length };
  const [cut, setCut] = useState<Cut>(whole);
  const spanKey = span ? span.join(',') : '';
  // Keyed by value: the span is worked out anew on every render.
  const candidateSets = useMemo(() => keepSets(text, kind, spanKey ? (spanKey.split(',').map(Number) as [number, number]) : null).map((keep) => cutCandidates(text, keep)), [text, kind, spanKey]);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let widths: ReturnType<typeof measure> | undefined;
    const fit = () => {
      widths ??= measure(element, text, highlight ? span : null);
      const available = element.clientWidth;
      // Not laid out (hidden): nothing to fit yet.
      if (!widths || available === 0) return;
      const { prefix, ellipsis } = widths;
      let next: Cut | null = null;
      for (const candidates of candidateSets) if (!next) next = bestCut(candidates, prefix, ellipsis, available);
      // Too narrow even for the least that should stay: the narrowest, and the ellipsis cuts it.
      next ??= narrowestCut(candidateSets.at(-1)!, prefix, ellipsis);
      setCut((current) => (current.head === next.head && current.tail === next.tail ? current : next));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
    // The span is in candidateSets (keyed by its value).
  }, [text, candidateSets, highlight]);

  // A new text starts whole until measured (in the same layout pass).
  const shown = cut.head <= text.length && cut.tail <= text.length ? cut : whole;
  return { ref, cut: shown };
}

/** text[from, to) with the characters in span highlighted. */
function Piece({ text, from, to, span }: { text: string; from: number; to: number; span: Range | null }) {
  if (!span || span[1] <= from || span[0] >= to) return text.slice(from, to);
  const start = Math.max(from, span[0]);
  const end = Math.min(to, span[1]);
  return (
    <>
      {text.slice(from, start)}
      <b className="name-diff">{text.slice(start, end)}</b>
      {text.slice(end, to)}
    </>
  );
}

export function MiddleName({ name, others = [], highlight = false, kind = 'name', className = '', title }: MiddleNameProps) {
  // The part that differs from the others, in whole segments; none when that is all of it.
  const raw = differingSpan(name, others);
  const widened = raw ? wholeSegments(name, raw) : null;
  const span = widened && (widened[0] > 0 || widened[1] < name.length) ? widened : null;
  const { ref, cut } = useFittedCut(name, kind, span, highlight);
  const shown = highlight ? span : null;
  const isCut = cut.head !== cut.tail;
  return (
    <span ref={ref} className={`middle-name ${className}`} title={title ?? name}>
      {isCut ? (
        <>
          {/* Read whole by a screen reader (and found whole by a search of the page's text). */}
          <span className="visually-hidden">{name}</span>
          <span aria-hidden="true">
            <Piece text={name} from={0} to={cut.head} span={shown} />
            <span className="name-cut">{ELLIPSIS}</span>
            <Piece text={name} from={cut.tail} to={name.length} span={shown} />
          </span>
        </>
      ) : (
        <Piece text={name} from={0} to={name.length} span={shown} />
      )}
    </span>
  );
}
