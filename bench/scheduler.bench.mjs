// Scheduler benchmark (issue 30, item 2): which interval rule should Kioku use? A year of simulated learners (10 new
// cards a day on days 0–249, two sessions a day, 10 % of sessions skipped) studies under today's ladder, a
// WaniKani-style ladder and the scheduler module's current rule, each answer graded from a published memory model
// (bench/scheduler/memory-models.mjs: half-life regression and ACT-R). What counts is the reviews a learner does for
// the retention they get: the new rule is run at the desiredRetention that gives the same honest retention as each
// ladder (bisection), and its reviews are compared with the ladder's, learner by learner.
//   node bench/scheduler.bench.mjs [--learners N] [--days D] [--quick] [--seed S]
//                                  [--schedulers ladder,new,wanikani] [--model hlr|actr|both] [--feedback]
// --feedback: fitLearner's feedback option (the scale moved toward the retention asked for; off in the app).
// Uses backend/dist/study/scheduler/index.js (npm run build -w backend) when it is built, else a stand-in with the
// same API that implements today's ladder (then "new" is the ladder and every ratio is 1). Nothing here touches a
// database or /proc: this bench counts reviews, not CPU. Progress goes to stderr, the results to stdout.
//
// Calibration (printed first): both models are set by hand so that today's ladder is recalled in 75–92 % of its
// honest reviews (the first answer a session gives a card due from an earlier one); memory-models.mjs gives each
// parameter and why. known@end is the mean recall of every card at the end (day 365 by default).
// Cost: the ladders take a second per model; a run of the new rule a few (fitLearner, printed per run, replays the
// learner's log at each weekly call but pools it into lateness bins, so the fit itself is cheap).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { result, root, round, runMain } from './lib.mjs';
import { MODELS } from './scheduler/memory-models.mjs';
import { STUDY, reviewRatios, simulatePopulation, windowRetention } from './scheduler/simulate.mjs';

const MODULE_PATH = join(root, 'backend', 'dist', 'study', 'scheduler', 'index.js');
const SEED = 1;
const DEFAULT_LEARNERS = 40;
// --quick: a smoke run under a minute.
const QUICK_LEARNERS = 8;
const QUICK_DAYS = 100;
// Issue 30's targets: at the ladder's retention, the new rule's reviews ≤ 0.90 of the ladder's on average and
// ≤ 0.95 for every learner; at WaniKani's retention, no more reviews than WaniKani.
const TARGET_MEAN_VS_LADDER = 0.9;
const TARGET_MAX_VS_LADDER = 0.95;
const TARGET_VS_WANIKANI = 1.0;
// Issue 30, item 4: after a 30-day break the new rule loses at most 2 points of retention more than the ladder, and
// is back within 14 days. The break starts on day 150 (mid-lessons, with a year's worth of reviews behind it).
const BREAK = { fromDay: 150, days: 30 };
const TARGET_EXTRA_DROP = 0.02;
/** "back": the second week after the break within a point of the two weeks before it */
const BACK_TOLERANCE = 0.01;
const CALIBRATION = [0.75, 0.92];
const RETENTION_RANGE = [0.7, 0.99];
const BISECTION_STEPS = 8;
/** "equal retention": within half a point */
const RETENTION_TOLERANCE = 0.005;

// --- The schedulers -------------------------------------------------------------------------------------------

const HOUR_MS = 3_600_000;
const addHours = (now, hours) => new Date(now.getTime() + hours * HOUR_MS).toISOString();

/** Today's ladder (scheduler v2), with the module's API: the stand-in until the module is built. */
const standInLadder = {
  newCard: () => ({ attempts: 0, mastery: 'learning', interval_hours: 0, due_at: null, last_reviewed_at: null, learned_at: null }),
  review(card, grade, now) {
    const interval = card.attempts === 0 ? (grade === 10 ? 696 : 0) : grade === 0 ? 0 : grade === 3 ? Math.max(4, Math.round(card.interval_hours * 1.5)) : Math.max(8, Math.round(card.interval_hours * 2.5));
    const at = now.toISOString();
    return { ...card, attempts: card.attempts + 1, interval_hours: interval, due_at: addHours(now, interval), last_reviewed_at: at, learned_at: card.learned_at ?? at };
  },
};

function loadSchedulerModule() {
  if (!existsSync(MODULE_PATH)) {
    return { real: false, review: standInLadder.review, newCard: standInLadder.newCard, fitLearner: () => ({}), schedulers: { ladder: standInLadder } };
  }
  return { real: true, ...createRequire(import.meta.url)(MODULE_PATH) };
}

// WaniKani's SRS (a baseline only): stages 1–8 at 4 h, 8 h, 1 d, 2 d, 1 w, 2 w, 1 mo, 4 mo, then burned (never seen
// again). A right answer moves up a stage; a wrong one down one stage, or two from Guru (stage 5) on, never below 1.
// As on WaniKani, a card answered wrong comes back in the same session until it is answered right; that repeat
// does not move it again, and its next review is the new stage's interval after it.
const WANIKANI_STAGE_HOURS = [null, 4, 8, 24, 48, 168, 336, 720, 2880];
const BURNED = WANIKANI_STAGE_HOURS.length;
const wanikani = {
  newCard: () => ({ attempts: 0, stage: 0, retry: false, interval_hours: 0, due_at: null, last_reviewed_at: null }),
  review(card, grade, now) {
    const right = grade > 0;
    let { stage, retry } = card;
    if (card.attempts === 0) stage = 1;
    else if (retry) retry = !right;
    else if (right) stage++;
    else {
      stage = Math.max(1, stage - (stage >= 5 ? 2 : 1));
      retry = true;
    }
    const interval = stage >= BURNED ? null : retry ? 0 : WANIKANI_STAGE_HOURS[stage];
    return { attempts: card.attempts + 1, stage, retry, interval_hours: interval ?? 0, due_at: interval === null ? null : addHours(now, interval), last_reviewed_at: now.toISOString() };
  },
};

// --- Arguments --------------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const options = { learners: null, days: null, quick: false, seed: SEED, schedulers: ['ladder', 'wanikani', 'new'], models: ['hlr', 'actr'], feedback: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--learners') options.learners = positiveInt(flag, value());
    else if (flag === '--days') options.days = positiveInt(flag, value());
    else if (flag === '--seed') options.seed = positiveInt(flag, value());
    else if (flag === '--quick') options.quick = true;
    else if (flag === '--feedback') options.feedback = true;
    else if (flag === '--schedulers') options.schedulers = list(flag, value(), ['ladder', 'wanikani', 'new']);
    else if (flag === '--model') {
      const m = value();
      options.models = m === 'both' ? ['hlr', 'actr'] : list(flag, m, ['hlr', 'actr']);
    } else throw new Error(`unknown argument ${argv[i]} (known: --learners N, --days D, --quick, --seed S, --schedulers ladder,new,wanikani, --model hlr|actr|both, --feedback)`);
  }
  options.learners ??= options.quick ? QUICK_LEARNERS : DEFAULT_LEARNERS;
  options.days ??= options.quick ? QUICK_DAYS : STUDY.days;
  return options;
}

function positiveInt(flag, s) {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer, not ${s}`);
  return n;
}

function list(flag, s, known) {
  const items = String(s ?? '').split(',').filter(Boolean);
  const unknown = items.filter((x) => !known.includes(x));
  if (!items.length || unknown.length) throw new Error(`${flag}: ${unknown.join(', ') || 'nothing'} is not one of ${known.join(', ')}`);
  return items;
}

// --- Running ----------------------------------------------------------------------------------------------------

/** fitLearner, timed: its cost is most of the new rule's runs, so the bench says how much. */
function timedFit(fitLearner) {
  const timed = (log) => {
    const started = process.hrtime.bigint();
    try {
      return fitLearner(log);
    } finally {
      timed.calls++;
      timed.ms += Number(process.hrtime.bigint() - started) / 1e6;
    }
  };
  timed.calls = 0;
  timed.ms = 0;
  return timed;
}

/** One population run, timed, its progress on stderr (a counter on a terminal, one line per run otherwise). */
async function run(label, { model, scheduler, fitLearner, desiredRetention }, options, study) {
  const started = Date.now();
  const fit = fitLearner && timedFit(fitLearner);
  const population = await simulatePopulation({
    seed: options.seed,
    count: options.learners,
    model,
    scheduler,
    fitLearner: fit,
    desiredRetention,
    study,
    onLearner: (i) => process.stderr.isTTY && process.stderr.write(`\r${label}: learner ${i + 1}/${options.learners}`),
  });
  const s = population.summary;
  const fitText = fit ? ` (fitLearner: ${fit.calls} calls, ${round(fit.ms / 1000, 1)} s)` : '';
  process.stderr.write(
    `${process.stderr.isTTY ? '\r' : ''}${label}: ${options.learners} learners in ${round((Date.now() - started) / 1000, 1)} s${fitText}, ` +
      `retention ${pct(s.retention)}, ${Math.round(s.reviews).toLocaleString('en')} reviews each\n`,
  );
  return population;
}

/**
 * The desiredRetention at which the new rule's honest retention equals `target` within half a point. A bisection
 * bracket on [0.70, 0.97] (a higher desired retention gives shorter intervals and a higher retention), but each
 * step tries the secant point of the runs so far when it falls well inside the bracket: a run of the new rule costs
 * minutes (fitLearner) and the curve is smooth, so 1–3 runs do instead of 5–6; at most 8, all on the bench's seed.
 * When the secant points outside the range its end is tried, and a target the end cannot reach ends the search.
 * `first` is a run already made ({ x, population }: the default's, at the module's DEFAULT_RETENTION) or null.
 * Returns the matching run, or the closest one with matched = false (and `unreachable` when the range ran out).
 */
async function matchRetention(label, target, runAt, first) {
  const [min, max] = RETENTION_RANGE;
  let [lo, hi] = RETENTION_RANGE;
  const tried = [];
  const consider = (x, population) => {
    const gap = population.summary.retention - target;
    tried.push({ x, population, gap });
    if (gap < 0) lo = Math.max(lo, x);
    else hi = Math.min(hi, x);
    return Math.abs(gap) <= RETENTION_TOLERANCE;
  };
  const closest = (extra) => ({ ...tried.reduce((a, b) => (Math.abs(b.gap) < Math.abs(a.gap) ? b : a)), matched: false, ...extra });
  let runs = 0;
  if (first && consider(first.x, first.population)) return { ...tried[0], matched: true, runs };
  while (runs < BISECTION_STEPS) {
    const x = nextGuess(tried, lo, hi, min, max);
    runs++;
    if (consider(x, await runAt(x, `${label} step ${runs} R=${x}`))) return { ...tried.at(-1), matched: true, runs };
    const gap = tried.at(-1).gap;
    if ((x === min && gap > 0) || (x === max && gap < 0)) return closest({ runs, unreachable: true });
  }
  return closest({ runs });
}

/**
 * The secant point of the two runs nearest the target (from a single run: one point of desired retention per point
 * of retention). The range's end on the target's side when that point lies beyond it, or when the runs show no
 * slope (a rule that ignores desiredRetention, as the stand-in does): one run there tells whether the target is in
 * reach. Otherwise the bracket's middle when the point is not well inside the bracket.
 */
function nextGuess(tried, lo, hi, min, max) {
  const near = [...tried].sort((a, b) => Math.abs(a.gap) - Math.abs(b.gap)).slice(0, 2);
  let x = NaN;
  if (near.length === 1) x = near[0].x - near[0].gap;
  else if (near.length === 2 && near[0].x !== near[1].x) {
    const slope = (near[0].gap - near[1].gap) / (near[0].x - near[1].x);
    x = slope > 0 ? near[0].x - near[0].gap / slope : near[0].gap > 0 ? -Infinity : Infinity;
  }
  const untried = (end) => !tried.some((t) => t.x === end);
  if (x <= min && lo === min && untried(min)) return min;
  if (x >= max && hi === max && untried(max)) return max;
  const margin = (hi - lo) / 20;
  if (!(x > lo + margin && x < hi - margin)) x = (lo + hi) / 2;
  return Math.round(x * 10_000) / 10_000;
}

// --- Output -----------------------------------------------------------------------------------------------------

const pct = (x) => `${(100 * x).toFixed(1)} %`;
const COLUMNS = [
  ['model', 6, (r) => r.model],
  ['scheduler', 36, (r) => r.scheduler],
  ['reviews/learner', 15, (r) => Math.round(r.s.reviews).toLocaleString('en')],
  ['peak/day', 9, (r) => r.s.peakPerDay.toFixed(1)],
  ['peak/mean', 9, (r) => r.s.peakToMean.toFixed(2)],
  ['retention', 9, (r) => pct(r.s.retention)],
  ['known@end', 9, (r) => pct(r.s.known)],
];

function printTable(rows) {
  const line = (cells) => cells.map((c, i) => (i < 2 ? String(c).padEnd(COLUMNS[i][1]) : String(c).padStart(COLUMNS[i][1]))).join('  ');
  console.log(line(COLUMNS.map(([name]) => name)));
  for (const r of rows) console.log(line(COLUMNS.map(([, , f]) => f(r))));
}

/** The ratio line of the new rule at `baseline`'s retention, and its result lines (figure beside its baseline). */
function reportRatio(modelName, key, title, match, baseline, targets) {
  const ratios = reviewRatios(match.population, baseline);
  const retention = `retention ${pct(match.population.summary.retention)} vs ${pct(baseline.summary.retention)}`;
  console.log(
    `ratio vs ${title} at equal retention: ${ratios.overall.toFixed(2)} (max per learner ${ratios.max.toFixed(2)}, mean per learner ${ratios.mean.toFixed(2)}; ${targets.text}; ` +
      `new at desiredRetention ${match.x}: ${retention}${match.matched ? '' : match.unreachable ? ', NOT matched: out of the rule\'s reach at 0.70–0.97' : `, NOT matched within ±0.5 points in ${BISECTION_STEPS} runs`})`,
  );
  result(`scheduler_${modelName}_reviews_at_${key}_retention`, match.population.summary.reviews, 'reviews', baseline.summary.reviews, ratios.overall);
  if (targets.max) result(`scheduler_${modelName}_max_learner_reviews_vs_${key}`, 100 * ratios.max, '%', 100 * targets.max, ratios.max / targets.max);
}

/**
 * The same learners with a 30-day break (no sessions): retention in the two weeks before it and in each of the two
 * weeks after, and the reviews waiting on the first day back, for the ladder and for the new rule at the ladder's
 * retention. Printed beside each other; the result lines are the new rule's extra drop and its second week back.
 */
async function reportBreak(name, { model, module, newRule, desiredRetention }, options, study, label) {
  const broken = { ...study, pause: BREAK };
  const back = BREAK.fromDay + BREAK.days;
  const rows = [];
  for (const [key, scheduler, fit] of [
    ['ladder', module.schedulers.ladder, undefined],
    ['new', newRule, module.fitLearner],
  ]) {
    const population = await run(label(`${key} with a ${BREAK.days}-day break`), { model, scheduler, fitLearner: fit, desiredRetention: key === 'new' ? desiredRetention : undefined }, options, broken);
    const before = windowRetention(population, BREAK.fromDay - 14, BREAK.fromDay).retention;
    const week1 = windowRetention(population, back, back + 7);
    const week2 = windowRetention(population, back + 7, back + 14).retention;
    rows.push({ key, before, week1: week1.retention, week2, pile: week1.firstDay });
  }
  console.log(`\nback from a ${BREAK.days}-day break (days ${BREAK.fromDay}–${back - 1}; new at desiredRetention ${desiredRetention ?? 'default'}):`);
  for (const r of rows) {
    console.log(`  ${r.key.padEnd(6)} retention 2 weeks before ${pct(r.before)}, week 1 back ${pct(r.week1)}, week 2 back ${pct(r.week2)}; reviews on the first day back ${Math.round(r.pile)}`);
  }
  const [ladder, fresh] = rows;
  const extraDrop = fresh.before - fresh.week1 - (ladder.before - ladder.week1);
  const isBack = fresh.week2 >= fresh.before - BACK_TOLERANCE;
  console.log(
    `  the new rule's drop beyond the ladder's in week 1: ${(100 * extraDrop).toFixed(1)} points (target ≤ ${100 * TARGET_EXTRA_DROP}); ` +
      `week 2 back ${isBack ? 'within' : 'NOT within'} ${100 * BACK_TOLERANCE} point of before`,
  );
  result(`scheduler_${name}_break_extra_drop_points`, 100 * extraDrop, 'points', 100 * TARGET_EXTRA_DROP, extraDrop / TARGET_EXTRA_DROP);
  result(`scheduler_${name}_break_week2_retention`, 100 * fresh.week2, '%', 100 * fresh.before, fresh.week2 / fresh.before);
}

// --- Main -------------------------------------------------------------------------------------------------------

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const study = { ...STUDY, days: options.days, lessonDays: Math.min(STUDY.lessonDays, options.days) };
  const loaded = loadSchedulerModule();
  const module = options.feedback ? { ...loaded, fitLearner: (log) => loaded.fitLearner(log, { feedback: true }) } : loaded;
  const wanted = new Set(options.schedulers);
  const cards = study.newCardsPerDay * study.lessonDays;
  console.log(
    `# scheduler benchmark: ${options.learners} learners per model × ${study.days} days, ${study.newCardsPerDay} new cards a day on days 0–${study.lessonDays - 1} ` +
      `(${cards.toLocaleString('en')} cards), two sessions a day, seed ${options.seed}; ` +
      (module.real ? `new = the scheduler module's candidate (version ${module.schedulers.memory?.version ?? '?'}; the app runs version ${module.SCHEDULER_VERSION ?? '?'})` : 'STAND-IN scheduler (the module is not built: "new" is today\'s ladder)') +
      (options.feedback ? '; fitLearner with feedback' : ''),
  );
  // "new" is the candidate, version 3 (the memory ladder), with each learner's strength fitted from their own log
  // every week, as the app is meant to: the rule the app runs today (the module's `review`) is still the ladder.
  const candidate = module.schedulers.memory ?? module.schedulers.ladder;
  const newRule = { newCard: candidate.newCard, review: candidate.review };
  const started = Date.now();

  for (const name of options.models) {
    const model = MODELS[name];
    console.log(`\n## ${model.title}`);
    const rows = [];
    const runs = {};
    const label = (s) => `${name} ${s}`;
    if (wanted.has('ladder') || wanted.has('new')) {
      // The ladder runs whenever the new rule does: it is the new rule's baseline.
      runs.ladder = await run(label('ladder'), { model, scheduler: module.schedulers.ladder }, options, study);
      rows.push({ model: name, scheduler: "today's ladder (v2)", s: runs.ladder.summary });
      const r = runs.ladder.summary.retention;
      const inRange = r >= CALIBRATION[0] && r <= CALIBRATION[1];
      console.log(`calibration: today's ladder is recalled in ${pct(r)} of its honest reviews (wanted ${pct(CALIBRATION[0])}–${pct(CALIBRATION[1])})${inRange ? '' : ' OUT OF RANGE'}`);
    }
    if (wanted.has('wanikani')) {
      runs.wanikani = await run(label('wanikani'), { model, scheduler: wanikani }, options, study);
      rows.push({ model: name, scheduler: 'WaniKani ladder', s: runs.wanikani.summary });
    }
    const matches = {};
    if (wanted.has('new')) {
      // Both searches may try the same desiredRetention (they start from the same run): a run is made once.
      const made = new Map();
      const runAt = async (desiredRetention, l) => {
        if (!made.has(desiredRetention)) made.set(desiredRetention, await run(label(l), { model, scheduler: newRule, fitLearner: module.fitLearner, desiredRetention }, options, study));
        return made.get(desiredRetention);
      };
      runs.new = await runAt(undefined, 'new (default)');
      rows.push({ model: name, scheduler: 'new (default retention)', s: runs.new.summary });
      // A learner without desiredRetention is scheduled at the module's DEFAULT_RETENTION: the default run is the
      // search's first point.
      const first = module.DEFAULT_RETENTION === undefined ? null : { x: module.DEFAULT_RETENTION, population: runs.new };
      for (const [key, title] of [
        ['ladder', 'ladder'],
        ['wanikani', 'WaniKani'],
      ]) {
        if (!runs[key]) continue;
        matches[key] = await matchRetention(`new = ${key}`, runs[key].summary.retention, runAt, first);
        rows.push({ model: name, scheduler: `new at R=${matches[key].x} (${matches[key].matched ? '=' : 'closest to'} ${title})`, s: matches[key].population.summary });
      }
    }
    printTable(rows);
    for (const row of rows) if (row.s.capped) console.log(`note: ${row.scheduler} hit the ${study.maxAnswersPerSession}-answer session cap ${row.s.capped} times`);

    const base = runs.ladder?.summary.reviews;
    for (const [key, r] of Object.entries(runs)) {
      result(`scheduler_${name}_${key}_reviews`, r.summary.reviews, 'reviews', base ?? r.summary.reviews, r.summary.reviews / (base ?? r.summary.reviews));
    }
    if (matches.ladder) {
      reportRatio(name, 'ladder', "today's ladder", matches.ladder, runs.ladder, { text: `targets ≤ ${TARGET_MEAN_VS_LADDER.toFixed(2)}, max per learner ≤ ${TARGET_MAX_VS_LADDER}`, max: TARGET_MAX_VS_LADDER });
    }
    if (matches.wanikani) reportRatio(name, 'wanikani', 'WaniKani', matches.wanikani, runs.wanikani, { text: `target ≤ ${TARGET_VS_WANIKANI.toFixed(2)}` });
    if (wanted.has('new') && study.days >= BREAK.fromDay + BREAK.days + 14) {
      await reportBreak(name, { model, module, newRule, desiredRetention: matches.ladder?.x }, options, study, label);
    }
  }
  process.stderr.write(`scheduler bench: ${round((Date.now() - started) / 1000, 1)} s\n`);
}

runMain(main);
