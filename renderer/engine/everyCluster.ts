// Every cluster a query matches, asked for page by page (a page of listClusters is capped): for
// what needs them all at once, the clean-up's scope and the export.
import type { EngineApi } from '../../shared/contract/engineContract.ts';
import { CLUSTER_PAGE_LIMIT as PAGE } from '../../shared/contract/schemas.ts';
import type { Cluster } from '../../shared/report.ts';
import type { ClusterQuery } from './contractTypes.ts';

export async function everyCluster(engine: EngineApi, query: Omit<ClusterQuery, 'offset' | 'limit'>): Promise<Cluster[]> {
  const clusters: Cluster[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await engine.listClusters({ ...query, offset, limit: PAGE });
    clusters.push(...page.clusters);
    if (page.clusters.length < PAGE || clusters.length >= page.total) return clusters;
  }
}
