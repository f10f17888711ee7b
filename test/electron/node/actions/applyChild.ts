// Applies the plan in argv[2] with the journal at argv[3]: the child the kill -9 test kills.
import { readFileSync } from 'node:fs';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import type { ActionPlan } from '../../../../electron/node/actions/planActions.ts';

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ActionPlan;
await applyPlan(plan, { journal: new ActionJournal(process.argv[3]!) });
