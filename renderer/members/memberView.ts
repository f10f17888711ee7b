// How the open cluster's members are shown: the table or side by side, which files the person
// ticked to compare, and the order the view shows the files in (the next/previous file keys
// follow it). A view-only state of the open cluster, kept apart from the results store; opening
// another cluster starts again from its defaults.
import { create } from 'zustand';
import type { Cluster } from '../../shared/report.ts';
import { mostDifferentPair } from './memberRows.ts';

export type MemberViewMode = 'table' | 'columns';

/** More members than this open in the table; side by side shows at most this many. */
export const MAX_COMPARED = 4;

interface MemberViewState {
  clusterId: string | null;
  /** Chosen by the person; null: the cluster's default. */
  mode: MemberViewMode | null;
  /** Paths ticked in the table. */
  picked: string[];
  /** Paths shown side by side; null: the default pair (or every file of a small cluster). */
  compared: string[] | null;
  /** File indexes in the order the view lists them. */
  order: number[];
}

export const useMemberView = create<MemberViewState>(() => ({ clusterId: null, mode: null, picked: [], compared: null, order: [] }));

/** The state for this cluster: another cluster's choices do not carry over. */
function stateFor(clusterId: string) {
  const state = useMemberView.getState();
  return state.clusterId === clusterId ? state : { clusterId, mode: null, picked: [], compared: null, order: [] };
}

function update(clusterId: string, change: Partial<MemberViewState>) {
  useMemberView.setState({ ...stateFor(clusterId), ...change });
}

/** Exact clusters and clusters of more than four files open in the table. */
export function defaultMode(cluster: Cluster): MemberViewMode {
  return cluster.kind === 'exact' || cluster.files.length > MAX_COMPARED ? 'table' : 'columns';
}

export function useMode(cluster: Cluster): MemberViewMode {
  const chosen = useMemberView((s) => (s.clusterId === cluster.id ? s.mode : null));
  return cluster.kind === 'exact' ? 'table' : (chosen ?? defaultMode(cluster));
}

export function usePicked(cluster: Cluster): string[] {
  const picked = useMemberView((s) => (s.clusterId === cluster.id ? s.picked : null));
  return picked ?? [];
}

/** The file indexes shown side by side, in the cluster's order. */
export function useCompared(cluster: Cluster): number[] {
  const compared = useMemberView((s) => (s.clusterId === cluster.id ? s.compared : null));
  const chosen = (compared ?? []).map((path) => cluster.files.findIndex((f) => f.path === path)).filter((i) => i >= 0);
  if (chosen.length >= 2) return chosen.sort((a, b) => a - b);
  if (cluster.files.length <= MAX_COMPARED) return cluster.files.map((_, i) => i);
  return mostDifferentPair(cluster);
}

export function setMode(cluster: Cluster, mode: MemberViewMode): void {
  update(cluster.id, { mode });
}

export function togglePicked(cluster: Cluster, path: string): void {
  const { picked } = stateFor(cluster.id);
  const next = picked.includes(path) ? picked.filter((p) => p !== path) : picked.length < MAX_COMPARED ? [...picked, path] : picked;
  update(cluster.id, { picked: next });
}

/** Side by side on the ticked files. */
export function compareTicked(cluster: Cluster): void {
  const { picked } = stateFor(cluster.id);
  update(cluster.id, { mode: 'columns', compared: picked.length >= 2 ? picked : null });
}

export function setOrder(cluster: Cluster, order: number[]): void {
  const current = stateFor(cluster.id).order;
  if (current.length !== order.length || current.some((v, i) => v !== order[i])) update(cluster.id, { order });
}

/** The file `delta` steps from `focused` in the view's order; null when the view lists none. */
export function stepInOrder(clusterId: string, focused: number | null, delta: number): number | null {
  const { order } = stateFor(clusterId);
  if (order.length === 0) return null;
  const at = focused === null ? -1 : order.indexOf(focused);
  if (at < 0) return order[0]!;
  return order[Math.min(order.length - 1, Math.max(0, at + delta))]!;
}
