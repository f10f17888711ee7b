// The keep rules the clean-up offers, and their CLI form (shared/selection/keepRules.ts), which
// is what the engine takes.
export type RuleChoice = 'newest' | 'oldest' | 'largest' | 'shortest-path' | 'in' | 'not-in' | 'format' | 'marks';

export const ruleLabels: Record<RuleChoice, string> = {
  newest: 'Keep the newest',
  oldest: 'Keep the oldest',
  largest: 'Keep the largest',
  'shortest-path': 'Keep the shortest path',
  in: 'Keep the copy in folder…',
  'not-in': 'Keep a copy not in folder…',
  format: 'Keep by format order…',
  marks: 'Use my marks only',
};

export interface RuleDraft {
  choice: RuleChoice;
  folder: string;
  formats: string;
  /** With a rule: the marks override it. */
  useMarks: boolean;
}

/** The engine's rules for the draft; none for "use my marks only". */
export function ruleTexts({ choice, folder, formats }: RuleDraft): string[] {
  switch (choice) {
    case 'marks':
      return [];
    case 'in':
    case 'not-in':
      return folder ? [`${choice}:${folder}`] : [];
    case 'format':
      return [`format:${formats}`];
    default:
      return [choice];
  }
}

export function describeRule(rules: readonly string[], useMarks: boolean): string {
  const rule = rules[0];
  const text = rule === undefined ? '' : (ruleLabels[rule as RuleChoice] ?? rule.replace(/^in:/, 'Keep the copy in ').replace(/^not-in:/, 'Keep a copy not in ').replace(/^format:/, 'Keep by format '));
  if (!text) return 'Your marks';
  return useMarks ? `${text}, your marks first` : text;
}
