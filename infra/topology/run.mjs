// npm run topology: the scaled-out topology on this machine (topology.mjs), until Ctrl-C. TOPOLOGY_KEEP=1 keeps
// the temp dir (logs, clusters) after the stop. APIS=n and WORKERS=n change how many of each run.
import { startTopology } from './topology.mjs';

const log = (line) => console.log(`topology: ${line}`);
const t = await startTopology({ apis: Number(process.env.APIS ?? 2), workers: Number(process.env.WORKERS ?? 2), log });
console.log(`
Kioku is running on ${t.url}
  HAProxy stats   ${t.statsUrl}
  primary         ${t.urls.primary} (migrations, projection LISTEN)
  PgBouncer       ${t.urls.bouncer} (every app pool)
  replica         ${t.urls.replica} (dictionary and stats reads)
  Redis           ${t.urls.redis}
  logs            ${t.dir}/logs/
Ctrl-C stops everything.`);

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  await t.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
