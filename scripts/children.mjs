// Every child process the test harnesses and benches start goes through here (issue 28), so that none outlives the
// script that started it, whichever way that script ends:
//   - each child leads a process group of its own (spawn's `detached: true`), so that it is stopped with everything
//     it started in turn: SIGTERM to the group (process.kill(-pid)), SIGKILL to the group after a grace period;
//   - the script stops its children itself in a `finally` (stopChild), and runMain() stops whatever is left when
//     main() returns or throws;
//   - SIGINT, SIGTERM, SIGHUP, an uncaught exception and an unhandled rejection stop every child and run every
//     cleanup (stopAll), then exit (130, 143, 129; 1);
//   - process.on('exit'), the last resort, SIGKILLs every group still there and runs the synchronous cleanups.
// What is not a child process (a PostgreSQL cluster that pg_ctl put in the background, a database to drop) is
// registered with onCleanup beside them. The handlers are installed with the first child or cleanup: importing
// this file changes nothing for a script that starts nothing through it.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const DEFAULT_GRACE_MS = 10_000;
/** How long a shutdown (children, then cleanups) may take before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 120_000;

const entries = new Map(); // ChildProcess → { name, pid, graceMs, stop, stopping }
const cleanups = []; // { name, run, sync, done }
let installed = false;
let shuttingDown = null; // the stopAll() of a signal or crash, once one began
let exitCode = null; // the code that signal or crash exits with

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is gone
  }
}

/** Whether any process of the group led by `pid` is still there (a zombie leader not yet reaped counts). */
export function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const leaderRunning = (child) => child.exitCode === null && child.signalCode === null && !child.spawnFailed;

function install() {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (shuttingDown) {
        // A second signal: no more waiting (the exit handler SIGKILLs what is left).
        process.exit(exitCode ?? 128 + constants.signals[signal]);
      }
      exitCode = 128 + constants.signals[signal];
      const names = [...entries.values()].map((e) => `${e.name} (${e.pid})`);
      const undo = cleanups.filter((c) => !c.done).map((c) => c.name);
      console.error(`\n${signal}: stopping ${names.length} child process group(s)${names.length ? `: ${names.join(', ')}` : ''}; ${undo.length} cleanup(s)${undo.length ? `: ${undo.join(', ')}` : ''}`);
      abort();
    });
  }
  const crash = (error) => {
    console.error(error);
    if (shuttingDown) return;
    exitCode = 1;
    abort();
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  process.on('exit', () => {
    for (const entry of entries.values()) signalGroup(entry.pid, 'SIGKILL');
    entries.clear();
    for (const c of cleanups.splice(0).reverse()) {
      if (c.done || !c.sync) continue;
      c.done = true;
      try {
        c.sync();
      } catch (error) {
        console.error(`cleanup ${c.name}: ${error.message}`);
      }
    }
  });
}

function abort() {
  shuttingDown = stopAll();
  const limit = setTimeout(() => process.exit(exitCode), SHUTDOWN_LIMIT_MS);
  shuttingDown.finally(() => {
    clearTimeout(limit);
    process.exit(exitCode);
  });
}

function track(child, { name = child.spawnfile, graceMs = DEFAULT_GRACE_MS, stop } = {}) {
  install();
  child.exited ??= new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.on('error', (error) => {
      // A spawn that failed (ENOENT…) emits no 'exit'; a failed kill() is not the script's end.
      if (child.pid === undefined) {
        child.spawnFailed = error;
        resolve({ code: null, signal: null, error });
      }
    });
  });
  if (child.pid === undefined) return child;
  const entry = { name, pid: child.pid, graceMs, stop, stopping: null };
  entries.set(child, entry);
  // The leader gone and nothing left in its group: nothing to stop any more.
  child.exited.then(() => {
    if (!entry.stopping && !groupAlive(entry.pid)) entries.delete(child);
  });
  return child;
}

/**
 * spawn(), as the leader of a process group of its own, stopped on every exit path. `name` (for messages) and
 * `graceMs` (SIGTERM to SIGKILL, 10 s) are this module's; the rest are spawn's options (`detached` is forced).
 * The child gets `exited`, a promise of { code, signal }.
 */
export function spawnChild(command, args = [], options = {}, { name, graceMs } = {}) {
  const child = spawn(command, args, { ...options, detached: true });
  return track(child, { name: name ?? command.split('/').pop(), graceMs });
}

/**
 * A child that another library spawned as a group leader (Playwright starts Chromium with detached: true), stopped
 * like ours: `stop` (its own graceful close) first, then the group signals.
 */
export function adoptChild(child, { name, graceMs, stop } = {}) {
  return track(child, { name, graceMs, stop });
}

/** A command to its end (stdio inherited unless given; `capture` collects stdout and stderr as text). */
export async function runChild(command, args = [], options = {}, { capture = false, name, graceMs } = {}) {
  const child = spawnChild(command, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'], ...options }, { name, graceMs });
  const out = [];
  const err = [];
  child.stdout?.on('data', (c) => out.push(c));
  child.stderr?.on('data', (c) => err.push(c));
  const { code, signal, error } = await child.exited;
  if (error) throw error;
  // The output may still be on its way after 'exit' (not for ever: something the command left running may hold the pipe).
  const streams = [child.stdout, child.stderr].filter((s) => s && !s.destroyed && !s.readableEnded);
  await Promise.race([Promise.all(streams.map((s) => new Promise((r) => s.once('close', r)))), sleep(2_000)]);
  await stopChild(child); // whatever it left in its group
  return { code, signal, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
}

/**
 * Stops a child and its whole process group: its own `stop` if it was adopted with one, SIGTERM (or `signal`) to
 * the group, SIGKILL to the group after the grace period. Resolves when the leader and the group are gone. Safe to
 * call twice, on a child that already exited, or with undefined.
 */
export function stopChild(child, { signal = 'SIGTERM', graceMs } = {}) {
  if (!child) return Promise.resolve();
  const entry = entries.get(child);
  if (!entry) return child.exited ? child.exited.then(() => undefined) : Promise.resolve();
  entry.stopping ??= (async () => {
    const grace = graceMs ?? entry.graceMs;
    if (entry.stop && leaderRunning(child)) {
      await Promise.race([Promise.resolve().then(entry.stop).catch(() => undefined), sleep(grace)]);
    }
    if (leaderRunning(child) || groupAlive(entry.pid)) {
      signalGroup(entry.pid, signal);
      if (!(await gone(child, entry.pid, grace))) {
        signalGroup(entry.pid, 'SIGKILL');
        await gone(child, entry.pid, 5_000);
      }
    }
    entries.delete(child);
  })();
  return entry.stopping;
}

async function gone(child, pid, ms) {
  const deadline = Date.now() + ms;
  await Promise.race([child.exited, sleep(ms)]);
  while (groupAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return !leaderRunning(child);
}

/** Sends `signal` (SIGKILL) to a child's whole group at once and resolves when the leader has exited. */
export async function killChild(child, signal = 'SIGKILL') {
  const entry = entries.get(child);
  signalGroup(entry?.pid ?? child.pid, signal);
  await child.exited;
}

/**
 * Something to undo on every exit path that is not a child process: `run` (async) when the script stops early or
 * at runMain's end, `sync` (optional) from process.on('exit'), where nothing asynchronous runs. Cleanups run after
 * the children are stopped, the last registered first. Returns `forget()`, for when the script undid it itself.
 */
export function onCleanup(run, { sync, name = 'cleanup' } = {}) {
  install();
  const c = { name, run, sync, done: false };
  cleanups.push(c);
  return () => {
    c.done = true;
    const i = cleanups.indexOf(c);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Stops every child (their groups at once), then runs the cleanups, last registered first. */
export async function stopAll() {
  await Promise.all([...entries.keys()].map((child) => stopChild(child).catch(() => undefined)));
  while (cleanups.length) {
    const c = cleanups.pop();
    if (c.done) continue;
    c.done = true;
    try {
      await c.run();
    } catch (error) {
      console.error(`cleanup ${c.name}: ${error.message}`);
    }
  }
}

/**
 * Runs a script's main(): its result (a number) or process.exitCode is the exit code, an error prints and exits 1;
 * whatever is still running is stopped first. A signal that arrived meanwhile decides the exit code.
 */
export function runMain(main) {
  install();
  Promise.resolve()
    .then(main)
    .then(
      (code) => (typeof code === 'number' ? code : (process.exitCode ?? 0)),
      (error) => {
        console.error(error);
        return 1;
      },
    )
    .then(async (code) => {
      await (shuttingDown ?? stopAll());
      process.exit(exitCode ?? code);
    });
}
