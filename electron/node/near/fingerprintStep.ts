// The extraction worker's post-process step for a scan: a fingerprint per document. The pool loads
// this module by URL; the settings travel in the URL's query (see fingerprintStepUrl).
import type { DocumentFormat } from '../../../shared/report.ts';
import type { ChunkUnit, NearMethod } from '../../../shared/scanOptions.ts';
import { fingerprintText } from './documentFingerprint.ts';
import type { DocumentFingerprint, FingerprintSettings } from './documentFingerprint.ts';

export function fingerprintStepUrl(settings: FingerprintSettings): URL {
  const url = new URL(import.meta.url);
  url.search = new URLSearchParams({ unit: settings.unit, method: settings.method, threshold: String(settings.threshold) }).toString();
  return url;
}

const query = new URL(import.meta.url).searchParams;
const settings: FingerprintSettings = {
  unit: (query.get('unit') ?? 'words') as ChunkUnit,
  method: (query.get('method') ?? 'minhash') as NearMethod,
  threshold: Number(query.get('threshold') ?? 0.5),
};

export default function fingerprintStep(text: string, _format: DocumentFormat): DocumentFingerprint {
  return fingerprintText(text, settings);
}
