// Timing knobs of the admin app, injectable so tests neither wait 5 seconds nor poll slowly.
import { createContext, useContext } from 'react';
import { BULK_RETRY_DELAY_MS, sleep } from '../materials/bulk';

export interface AdminConfig {
  /** How bulk retries wait between tries. */
  wait: (ms: number) => Promise<void>;
  retryDelayMs: number;
  /** Poll interval of a material while one of its jobs is pending. */
  pollMs: number;
  /** How long to keep polling for a requested job that has not shown up yet. */
  awaitJobMs: number;
  /** The clock, for "requested" bookkeeping. */
  now: () => number;
}

export const defaultAdminConfig: AdminConfig = {
  wait: sleep,
  retryDelayMs: BULK_RETRY_DELAY_MS,
  pollMs: 2000,
  awaitJobMs: 60_000,
  now: () => Date.now(),
};

export const AdminConfigContext = createContext<AdminConfig>(defaultAdminConfig);

export function useAdminConfig(): AdminConfig {
  return useContext(AdminConfigContext);
}
