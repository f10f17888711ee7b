// A process in the middle of a clean-up: it holds the journal's lock (argv[2] is the journal) and
// has begun a batch of three files, the first done, when it says "ready"; then it waits to be
// killed. Nothing on disk is touched: the steps are only recorded.
import { ActionJournal } from '../../electron/node/actions/actionJournal.ts';
import type { ActionPlan } from '../../electron/node/actions/planActions.ts';

const kept = { path: '/nowhere/kept.txt', size: 100, mtime: 0 };
const step = (name: string) => ({ clusterId: 'exact-1', relation: 'copy' as const, kept, path: `/nowhere/${name}`, size: 100, mtime: 0 });
const plan: ActionPlan = { id: 'plan-1', action: 'trash', include: [], createdAt: 0, clusters: [], steps: [step('a.txt'), step('b.txt'), step('c.txt')], refused: [] };

const journal = new ActionJournal(process.argv[2]!);
// Held until the process dies (kept referenced: a collected connection would let it go).
const lock = journal.lock();
const batchId = journal.beginBatch(plan);
journal.markStep(batchId, 0, 'done');
process.stdout.write('ready\n');
setInterval(() => lock, 2 ** 30);
