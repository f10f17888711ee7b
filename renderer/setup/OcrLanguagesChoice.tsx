// The languages scans are read in: one or more of those whose trained data comes with Shingle
// (shared/ocrLanguages.ts). A scan read in the wrong language reads its accented words wrongly.
import { ocrLanguages, ocrLanguageSet } from '../../shared/ocrLanguages.ts';
import type { ScanSettings } from '../engine/contractTypes.ts';
import { useShingle } from '../store/useShingle.ts';

export function OcrLanguagesChoice({ settings }: { settings: ScanSettings }) {
  const updateSettings = useShingle((s) => s.updateSettings);
  const chosen = ocrLanguageSet(settings.ocrLanguages);

  return (
    <fieldset className="ocr-languages">
      <legend>Languages of the scans</legend>
      <div className="ocr-language-list">
        {ocrLanguages.map(({ code, name }) => {
          const on = chosen.includes(code);
          // At least one: a scan is always read in some language.
          const onlyOne = on && chosen.length === 1;
          return (
            <label key={code} className="check compact" title={onlyOne ? 'Scans are read in at least one language' : undefined}>
              <input
                type="checkbox"
                checked={on}
                disabled={onlyOne}
                onChange={(e) => void updateSettings({ ocrLanguages: ocrLanguageSet(e.target.checked ? [...chosen, code] : chosen.filter((c) => c !== code)) })}
              />
              <span>{name}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
