// API shapes that more than one feature reads. A feature never imports another, so a shape two of them read
// is re-exported here once; every shape is the API contract's (contract/, issue 18), which the backend declares.
export type { BreakdownEntry } from '../../../contract/content';
export { statsSchema, type Stats } from '../../../contract/progress';
