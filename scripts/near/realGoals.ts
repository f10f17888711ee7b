// The goals for the default method on real documents, beside what was measured.
import type { RealMethodResult } from './realBench.ts';
import { formatTable } from './table.ts';

const GOALS = [
  { goal: 'recall, resemblance ≥ 0.85', target: 0.995, of: (r: RealMethodResult) => r.score.recall['≥ 0.85'] },
  { goal: 'recall, resemblance 0.5–0.85', target: 0.97, of: (r: RealMethodResult) => r.score.recall['0.5–0.85'] },
  { goal: 'precision (asserted pairs)', target: 0.999, of: (r: RealMethodResult) => r.score.precision },
  { goal: 'containment precision', target: 0.99, of: (r: RealMethodResult) => r.score.containmentPrecision },
];

export function printRealGoals(result: RealMethodResult): void {
  console.log(`\nGoals on the real documents (${result.method}, the default method)`);
  const rows = [['goal', 'target', 'measured', '']];
  for (const { goal, target, of } of GOALS) {
    const { found, total } = of(result);
    const value = total === 0 ? 1 : found / total;
    rows.push([goal, `≥ ${target}`, value.toFixed(4), value >= target ? 'met' : 'MISSED']);
  }
  for (const line of formatTable(rows)) console.log(line);
}
