import type { QueueOverview } from '../media-jobs';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/** The dashboard page: plain server-rendered HTML, every dynamic value escaped, no script. */
export function renderQueuePage(input: { overview?: QueueOverview; problem?: string; forbidden?: boolean; now?: Date }): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${input.overview || input.problem ? '<meta http-equiv="refresh" content="5">' : ''}<title>Media queue · Kioku admin</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1f2328}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border-bottom:1px solid #d0d7de;padding:.4rem .6rem;text-align:left;vertical-align:top}
.counts td{font-size:1.6rem;font-variant-numeric:tabular-nums}.failed{color:#b42318}.note{color:#57606a}.error{white-space:pre-wrap;word-break:break-word}
code{font-size:.85em}
</style></head><body>`;
  const nav = '<p><a href="/admin">← Admin</a></p>';
  if (input.forbidden) {
    return `${head}<h1>Forbidden</h1><p>This page is for administrators only.</p></body></html>`;
  }
  if (!input.overview) {
    return `${head}${nav}<h1>Media queue</h1><p class="failed">${escapeHtml(input.problem ?? 'The queue cannot be read right now.')}</p></body></html>`;
  }
  const o = input.overview;
  const counts = `<table class="counts"><thead><tr>${STATES.map((s) => `<th>${escapeHtml(s)}</th>`).join('')}</tr></thead>
<tbody><tr>${STATES.map((s) => `<td${s === 'failed' && o.counts.failed ? ' class="failed"' : ''}>${escapeHtml(o.counts[s])}</td>`).join('')}</tr></tbody></table>`;
  const failed = o.failed.length
    ? `<table><thead><tr><th>Failed at</th><th>Action</th><th>Material</th><th>Attempts</th><th>Error</th><th>Job</th></tr></thead><tbody>
${o.failed
  .map(
    (f) => `<tr><td>${escapeHtml(f.failedAt ?? '')}</td><td>${escapeHtml(f.action)}</td><td>${escapeHtml(f.materialType ?? '')} ${escapeHtml(f.materialId ?? '')}</td>
<td>${escapeHtml(f.attempts)}</td><td class="error">${escapeHtml(f.error)}</td><td><code>${escapeHtml(f.id)}</code></td></tr>`,
  )
  .join('\n')}</tbody></table>`
    : '<p class="note">No failed jobs.</p>';
  return `${head}${nav}<h1>Media queue <code>${escapeHtml(o.queue)}</code></h1>${counts}
<h2>Last failed jobs</h2>${failed}
<p class="note">Refreshes every 5 seconds${input.now ? ` · ${escapeHtml(input.now.toISOString())}` : ''} · JSON: <a href="/api/admin/queues">/api/admin/queues</a></p></body></html>`;
}
