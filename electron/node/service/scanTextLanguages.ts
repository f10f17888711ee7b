// The texts shown side by side follow the languages of the results shown: a scan's text is what
// OCR reads of it in the languages its results were read in (ocrLanguageChoice.ts). The readers of
// documentText.ts keep their languages for their life, so once results read in other languages
// are shown, they are ended and the next text starts new ones.
import { ocrLanguageText } from '../../../shared/ocrLanguages.ts';
import { chosenOcrLanguages } from '../extract/ocrLanguageChoice.ts';
import type { DocumentTexts } from './documentText.ts';

export function followOcrLanguages(texts: DocumentTexts): DocumentTexts {
  let readIn: string | undefined;
  // Every text waits for the readers of other languages to end, so none is read by an ending one.
  let replacing: Promise<void> = Promise.resolve();
  return {
    async text(cluster, file) {
      const now = ocrLanguageText(chosenOcrLanguages());
      if (readIn !== undefined && readIn !== now) replacing = texts.dispose();
      readIn = now;
      await replacing;
      return texts.text(cluster, file);
    },
    dispose: () => texts.dispose(),
  };
}
