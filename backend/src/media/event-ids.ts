import { deterministicUuid } from '../platform/event-store/event-ids';

/**
 * Event ids of what media records on a material (the system voice's requests and outcomes, a job result's
 * MaterialRevised): name-based UUIDs. The namespace stays `kioku:admin:<namespace>`, where these ids were made
 * before this code moved from admin to media (issue 33): a retried job or a voice pass after an upgrade must
 * produce the id already stored, or the store would keep the same fact twice.
 */
export function mediaEventId(namespace: string, name: string): string {
  return deterministicUuid(`kioku:admin:${namespace}`, name);
}
