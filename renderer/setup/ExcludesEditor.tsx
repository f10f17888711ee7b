// Glob patterns of files and folders to leave out, as the CLI's --exclude takes them.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useShingle } from '../store/useShingle.ts';

export function ExcludesEditor() {
  const excludes = useShingle((s) => s.settings?.excludes ?? []);
  const updateSettings = useShingle((s) => s.updateSettings);
  const [draft, setDraft] = useState('');

  function add(event: FormEvent) {
    event.preventDefault();
    const pattern = draft.trim();
    if (pattern && !excludes.includes(pattern)) void updateSettings({ excludes: [...excludes, pattern] });
    setDraft('');
  }

  return (
    <div className="field">
      <label htmlFor="exclude-pattern">Leave out</label>
      <p className="hint" id="exclude-hint">
        A pattern without a slash matches a name anywhere (<code>*.iso</code>); with a slash, a path inside a folder (<code>Photos/raw/**</code>).
      </p>
      {excludes.length > 0 && (
        <ul className="chips" aria-label="Patterns left out">
          {excludes.map((pattern) => (
            <li key={pattern} className="chip">
              <code>{pattern}</code>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove pattern ${pattern}`}
                onClick={() => void updateSettings({ excludes: excludes.filter((p) => p !== pattern) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form" onSubmit={add}>
        <input id="exclude-pattern" aria-describedby="exclude-hint" value={draft} placeholder="*.iso" maxLength={1000} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="button" disabled={!draft.trim()}>
          Add
        </button>
      </form>
    </div>
  );
}
