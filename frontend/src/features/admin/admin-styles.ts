// The admin app's styles, shipped inside its lazy chunk. Kept as a string rather than a .css import because
// Jest (no CSS transform) loads admin-app.tsx through the router's lazy import; the app's base.css/ui.css
// tokens and classes (btn, badge, table, tabs, field, notice, panel) are reused, so this is only layout.
export const ADMIN_CSS = `
.admin-topbar .topbar-inner { gap: 0.5rem 1rem; }
.admin-title { font-size: 1rem; margin: 0; padding: 0.1rem 0.5rem; border-radius: 999px; background: var(--accent-soft); }
.admin-nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; margin: 0; padding: 0; }
.admin-nav a[aria-current='page'] { font-weight: 700; text-decoration: underline; text-decoration-thickness: 2px; text-underline-offset: 6px; }
.admin-email { overflow-wrap: anywhere; }
.admin-page h2 { font-size: 1.4rem; }
.admins-only { max-width: 36rem; padding: 2rem 0; }
.filter-bar { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0.5rem 1rem; margin-bottom: 0.75rem; }
.filter-bar .field, .bulk-bar .field, .filter-field { margin: 0; min-width: 11rem; }
.filter-flags { display: flex; flex-wrap: wrap; gap: 0.25rem 0.9rem; border: 1px solid var(--border); border-radius: 8px; padding: 0.35rem 0.75rem 0.5rem; margin: 0; }
.filter-flags legend { font-weight: 600; padding: 0 0.25rem; }
.filter-flag { display: inline-flex; align-items: center; gap: 0.35rem; white-space: nowrap; }
.filter-flag input, .admin-table input[type='checkbox'] { width: 1.05rem; height: 1.05rem; accent-color: var(--accent); }
.filter-note { margin: -0.25rem 0 0.75rem; }
.bulk-bar { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0.5rem 1rem; padding: 0.75rem; margin-bottom: 0.75rem; background: var(--surface-2); border-radius: var(--radius); }
.bulk-progress { display: flex; align-items: center; gap: 0.5rem; flex-basis: 100%; }
.bulk-progress progress { width: 12rem; accent-color: var(--accent); }
.bulk-failures { flex-basis: 100%; margin: 0; }
.bulk-failures ul { margin: 0.25rem 0 0; padding-left: 1.25rem; }
.list-summary { margin: 0.25rem 0; }
.admin-table td, .admin-table th { vertical-align: top; }
.row-title { display: inline-flex; flex-direction: column; text-decoration: none; }
.row-title [lang='ja'] { font-size: 1.1rem; }
.row-subtitle { font-size: 0.85rem; }
.kanji-link { font-size: 1.4rem; text-decoration: none; }
.pager { display: flex; align-items: center; gap: 0.75rem; margin-top: 0.75rem; }
.breadcrumbs { margin-bottom: 0.5rem; }
.detail-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0.5rem 1rem; }
.prev-next { display: flex; gap: 1rem; }
.detail-meta { margin-top: -0.25rem; }
.material-grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(16rem, 2fr); gap: 1rem; align-items: start; padding-top: 1rem; }
@media (max-width: 900px) { .material-grid { grid-template-columns: minmax(0, 1fr); } }
.material-editor fieldset { border: 1px solid var(--border); border-radius: var(--radius); padding: 0.75rem 1rem; margin: 0 0 1rem; background: var(--surface); }
.material-editor legend { font-weight: 700; padding: 0 0.35rem; }
.material-editor .field input, .material-editor .field select, .material-editor .field textarea { max-width: none; }
.field textarea { font: inherit; color: var(--text); background: var(--surface); border: 1px solid var(--border); border-radius: 8px; padding: 0.5rem 0.65rem; width: 100%; resize: vertical; }
.field textarea:disabled, .field input:disabled, .field select:disabled { background: var(--surface-2); color: var(--muted); cursor: not-allowed; }
.field-label { font-weight: 600; display: block; margin-bottom: 0.25rem; }
.value-json, .history-data pre { background: var(--surface-2); border-radius: 8px; padding: 0.5rem; overflow-x: auto; font-size: 0.85rem; margin: 0; }
.sentence-preview p { font-size: 1.25rem; margin: 0; }
.reading-summary { font-size: 1.1rem; }
.reading-kanji { font-size: 1.6rem; }
.in-use p { margin-bottom: 0.25rem; }
.breakdown-rows { list-style: none; margin: 0 0 0.5rem; padding: 0; display: flex; flex-direction: column; gap: 0.4rem; }
.breakdown-row { display: grid; grid-template-columns: minmax(5rem, 1fr) minmax(5rem, 1fr) minmax(8rem, 2fr) auto auto; gap: 0.4rem; align-items: center; }
.breakdown-row input:not([type='checkbox']) { font: inherit; color: var(--text); background: var(--surface); border: 1px solid var(--border); border-radius: 6px; padding: 0.3rem 0.45rem; min-width: 0; }
.breakdown-known { display: inline-flex; gap: 0.3rem; align-items: center; white-space: nowrap; font-size: 0.9rem; }
@media (max-width: 600px) { .breakdown-row { grid-template-columns: 1fr 1fr; } }
.save-bar { position: sticky; bottom: 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem; padding: 0.6rem 0; background: var(--bg); border-top: 1px solid var(--border); }
.media-panel .panel h3 { margin-bottom: 0.5rem; }
.audio-preview { width: 100%; margin-bottom: 0.5rem; }
.image-preview { display: block; max-width: 100%; max-height: 20rem; border-radius: 8px; border: 1px solid var(--border); margin-bottom: 0.5rem; }
.image-candidate { margin: 0.75rem 0; }
.approval { display: flex; align-items: center; gap: 0.5rem; flex-wrap: wrap; }
.upload-form { margin-top: 0.75rem; display: flex; flex-direction: column; align-items: flex-start; gap: 0.4rem; }
.upload-form .field { margin: 0; }
.upload-form .notice { margin: 0; }
.job-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.45rem; }
.job-row { display: grid; grid-template-columns: minmax(11rem, 14rem) minmax(0, 1fr); gap: 0.5rem; align-items: start; }
.job-row .btn { width: 100%; }
.job-status { display: inline-flex; flex-wrap: wrap; gap: 0.25rem 0.4rem; align-items: center; font-size: 0.875rem; }
.job-error { flex-basis: 100%; color: var(--error); overflow-wrap: anywhere; }
@media (max-width: 600px) { .job-row { grid-template-columns: 1fr; } }
.history { padding-top: 1rem; }
.history-choice { max-width: 20rem; }
.history-list { list-style: none; margin: 0 0 0.75rem; padding: 0; display: flex; flex-direction: column; gap: 0.5rem; }
.history-item { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 0.6rem 0.85rem; }
.history-head { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: baseline; }
.history-changes { margin: 0.35rem 0 0; padding-left: 1.1rem; }
.history-change { overflow-wrap: anywhere; }
.history-before .value-text { text-decoration: line-through; text-decoration-color: var(--error); }
.history-arrow { color: var(--muted); }
.history-data summary { cursor: pointer; color: var(--muted); font-size: 0.875rem; }
.user-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr)); gap: 1rem; padding-top: 1rem; align-items: start; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25rem 1rem; margin: 0 0 0.75rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.facts .fact { display: contents; }
.role-control .field-error { margin-top: 0.35rem; }
.forecast-table { margin-top: 1rem; }
`;
