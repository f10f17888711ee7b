// A file's full path, selectable and copyable: names are cut to fit, the path never is.
import { useState } from 'react';
import { displayPath } from '../../shared/fsName.ts';

/** A path's end (folder and name) says more than its start: the field shows that end. */
function showEnd(input: HTMLInputElement | null) {
  if (input) input.scrollLeft = input.scrollWidth;
}

export function PathField({ path, name }: { path: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const shown = displayPath(path);
  async function copy() {
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
    } catch {
      // No clipboard access (e.g. the window is not focused): the field stays selectable.
      setCopied(false);
    }
  }
  return (
    <div className="path-field">
      <input ref={showEnd} className="file-path" readOnly value={shown} aria-label={`Path of ${name}`} title={shown} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button quiet small" aria-label={`Copy the path of ${name}`} onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
