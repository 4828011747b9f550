// The learner simulation of bench/scheduler.bench.mjs (issue 30): a year of study as the app runs it, two sessions a
// day, each answer graded from a memory model (memory-models.mjs), each card scheduled by the scheduler under test,
// and the metrics the bench compares schedulers by. Deterministic: the same seed gives the same learners, cards,
// sessions and answers, and every random draw that does not depend on the scheduler (who the learner is, when they
// sit down, how hard a card is, the k-th answer's dice for a card) is the same whichever scheduler runs, so two
// schedulers are compared on the same people (common random numbers) and a per-learner ratio means something.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MINUTE_MS = 60_000;
/** Day 0, 00:00 of the learner's local time (the simulation has no time zones: every learner lives in UTC). */
export const EPOCH_MS = Date.UTC(2025, 0, 6);

export const STUDY = {
  days: 365,
  newCardsPerDay: 10,
  lessonDays: 250,
  sessionHours: [8, 19],
  /** each learner's habitual time of a session is ±30 min off 08:00 / 19:00, and any one day ±30 min off that */
  habitJitterHours: 0.5,
  dayJitterHours: 0.5,
  skipChance: 0.1,
  maxAnswersPerSession: 500,
  /** the time an answer takes: the clock advances this much per answer, so a failed card returns minutes later */
  answerMs: MINUTE_MS,
  refitDays: 7,
  /** a break: no sessions on days [fromDay, fromDay + days) (issue 30, item 4); null: none */
  pause: null,
};

// --- Random numbers ------------------------------------------------------------------------------------------

/** mulberry32 (Tommy Ettinger, public domain): a small, fast, seeded 32-bit PRNG; returns uniforms in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of a few integers (murmur3's finaliser between each): seeds for independent streams. */
export function hashInts(...ints) {
  let h = 0x811c9dc5;
  for (const n of ints) {
    h = Math.imul(h ^ (n >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** The uniform for the `draw`-th dice of the `answer`-th answer to `card`: fixed by the learner, not the scheduler. */
function dice(learnerSeed, card, answer, draw) {
  return hashInts(learnerSeed, card, answer, draw) / 4294967296;
}

function normal(rand) {
  // Box–Muller; 1 − u keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

// Stream tags, so that learners, cards and sessions never share a stream.
const LEARNER_STREAM = 1;
const CARD_STREAM = 2;
const SESSION_STREAM = 3;
const ANSWER_STREAM = 4;

/** The cards of a seed: one difficulty each (a standard normal), the same for every learner. */
export function drawCards(seed, count) {
  const rand = mulberry32(hashInts(seed, CARD_STREAM));
  return Array.from({ length: count }, () => ({ difficulty: normal(rand) }));
}

/** Learner `index` of a seed: who they are (two standard normals the models read) and when they study. */
export function drawLearner(seed, index, study = STUDY) {
  const rand = mulberry32(hashInts(seed, LEARNER_STREAM, index));
  const traits = { learning: normal(rand), forgetting: normal(rand) };
  const sessions = drawSessions(mulberry32(hashInts(seed, SESSION_STREAM, index)), study);
  return { index, traits, sessions, answerSeed: hashInts(seed, ANSWER_STREAM, index) };
}

/** The learner's sessions over the year: start instants, in order, the skipped ones left out. */
function drawSessions(rand, study) {
  const habit = study.sessionHours.map((h) => h + (2 * rand() - 1) * study.habitJitterHours);
  const sessions = [];
  for (let day = 0; day < study.days; day++) {
    for (const hour of habit) {
      const at = EPOCH_MS + day * DAY_MS + (hour + (2 * rand() - 1) * study.dayJitterHours) * HOUR_MS;
      const onBreak = study.pause && day >= study.pause.fromDay && day < study.pause.fromDay + study.pause.days;
      // The dice are thrown on a break too, so the sessions after it are the same as without one.
      if (rand() >= study.skipChance && !onBreak) sessions.push({ day, at: Math.round(at) });
    }
  }
  return sessions;
}

// --- Grades --------------------------------------------------------------------------------------------------

/**
 * The learner's grade: recalled with probability p; a recall is "easy" (5) with probability p itself and "hard" (3)
 * otherwise, so the recalls that barely made it are the hard ones (at p = 0.9 one success in ten is hard, at p = 0.5
 * one in two); not recalled: 0.
 */
export function gradeOf(p, u1, u2) {
  if (u1 >= p) return 0;
  return u2 < p ? 5 : 3;
}

// --- One learner's year ---------------------------------------------------------------------------------------

/**
 * A year of one learner under one scheduler and one memory model, session by session: first every due review,
 * oldest due first, a failed card (due again at once) back at the end of the queue a few answers later; then, in
 * the day's first session, the lesson of 10 new cards and the review of those just learned. `scheduler` has the
 * module's API ({ newCard(now), review(card, grade, now, learner) }); with `fitLearner`, the learner is refitted
 * from their own log every `refitDays` days and passed (with `desiredRetention` when given) to every review.
 */
export function simulateLearner({ learner, cards, model, scheduler, fitLearner = null, desiredRetention, study = STUDY }) {
  const memory = model.forLearner(learner.traits);
  const state = cards.map((card, id) => ({
    id,
    card: scheduler.newCard(new Date(EPOCH_MS)),
    dueMs: Infinity,
    memory: memory.newCard(card),
    answers: 0,
    lastSession: -1,
    learned: false,
  }));
  const log = [];
  const fitted = () => (fitLearner ? { ...fitLearner(log), ...retentionOf(desiredRetention) } : retentionOf(desiredRetention));
  let schedulerLearner = fitted();
  let lastFitDay = 0;
  const daily = new Int32Array(study.days);
  const dailyHonest = new Int32Array(study.days);
  const dailyRecalled = new Int32Array(study.days);
  const tally = { reviews: 0, lessons: 0, honest: 0, honestRecalled: 0, repeats: 0, capped: 0 };

  /** The learner's grade for card `s` with recall probability p, from the card's own dice for its next answer. */
  const roll = (s, p) => gradeOf(p, dice(learner.answerSeed, s.id, s.answers, 0), dice(learner.answerSeed, s.id, s.answers, 1));

  const schedule = (s, grade, now) => {
    s.answers++;
    s.card = scheduler.review(s.card, grade, new Date(now), schedulerLearner);
    s.dueMs = s.card.due_at == null ? Infinity : Date.parse(s.card.due_at);
    if (fitLearner) {
      log.push({ material_id: s.id, grade, reviewed_at: s.card.last_reviewed_at, interval_hours: s.card.interval_hours, scheduler_version: s.card.scheduler_version, due_at: s.card.due_at, attempts_after: s.card.attempts, memory_after: s.card.memory ?? s.card.m ?? null });
    }
  };

  const review = (s, now, session) => {
    const grade = roll(s, memory.recall(s.memory, now));
    tally.reviews++;
    const day = Math.min(study.days - 1, Math.floor((now - EPOCH_MS) / DAY_MS));
    daily[day]++;
    // The honest review accuracy: the first answer this session to a card last answered in an earlier one.
    if (s.lastSession !== session) {
      tally.honest++;
      if (grade > 0) tally.honestRecalled++;
      dailyHonest[day]++;
      if (grade > 0) dailyRecalled[day]++;
    } else tally.repeats++;
    s.lastSession = session;
    memory.expose(s.memory, now, grade > 0);
    schedule(s, grade, now);
  };

  // The lesson is the card's first study; its grade is the recall a moment (one answer's time) after it.
  const lesson = (s, now, session) => {
    memory.expose(s.memory, now, true);
    s.learned = true;
    s.lastSession = session;
    tally.lessons++;
    schedule(s, roll(s, memory.recall(s.memory, now + study.answerMs)), now);
  };

  const reviewDue = (clock, session) => {
    const queue = state.filter((s) => s.learned && s.dueMs <= clock.now).sort((a, b) => a.dueMs - b.dueMs || a.id - b.id);
    for (let i = 0; i < queue.length; i++) {
      if (clock.answers >= study.maxAnswersPerSession) {
        tally.capped++;
        return;
      }
      const s = queue[i];
      review(s, clock.now, session);
      clock.answers++;
      clock.now += study.answerMs;
      if (s.dueMs <= clock.now) queue.push(s);
    }
  };

  const unlocked = (day) => Math.min(cards.length, study.newCardsPerDay * Math.min(day + 1, study.lessonDays));
  let learnedCount = 0;
  let lessonDay = -1;
  for (let session = 0; session < learner.sessions.length; session++) {
    const { day, at } = learner.sessions[session];
    if (fitLearner && day - lastFitDay >= study.refitDays) {
      lastFitDay = day - (day % study.refitDays);
      schedulerLearner = fitted();
    }
    const clock = { now: at, answers: 0 };
    memory.sessionBegins(at);
    reviewDue(clock, session);
    // The day's lesson, in its first session (a day with both sessions skipped leaves a backlog for the next).
    if (lessonDay !== day && learnedCount < unlocked(day) && clock.answers < study.maxAnswersPerSession) {
      lessonDay = day;
      const batchEnd = Math.min(unlocked(day), learnedCount + study.newCardsPerDay);
      for (; learnedCount < batchEnd; learnedCount++) {
        lesson(state[learnedCount], clock.now, session);
        clock.answers++;
        clock.now += study.answerMs;
      }
      reviewDue(clock, session);
    }
    memory.sessionEnds(clock.now);
  }

  const endMs = EPOCH_MS + study.days * DAY_MS;
  let known = 0;
  for (const s of state) known += s.learned ? memory.recall(s.memory, endMs) : 0;
  return {
    index: learner.index,
    reviews: tally.reviews,
    repeats: tally.repeats,
    lessons: tally.lessons,
    learned: learnedCount,
    capped: tally.capped,
    daily,
    dailyHonest,
    dailyRecalled,
    honest: tally.honest,
    honestRecalled: tally.honestRecalled,
    retention: tally.honest ? tally.honestRecalled / tally.honest : NaN,
    known: known / cards.length,
    logLength: log.length,
  };
}

function retentionOf(desiredRetention) {
  return desiredRetention === undefined ? undefined : { desiredRetention };
}

// --- A population -----------------------------------------------------------------------------------------------

/**
 * `count` learners of `seed` under one scheduler and model; per-learner results and their summary. Asynchronous only
 * to yield to the event loop between learners: a signal (Ctrl-C, the bench runner's SIGTERM) is handled within one
 * learner's year instead of at the end of the bench.
 */
export async function simulatePopulation({ seed, count, model, scheduler, fitLearner, desiredRetention, study = STUDY, onLearner }) {
  const cards = drawCards(seed, study.newCardsPerDay * study.lessonDays);
  const learners = [];
  for (let i = 0; i < count; i++) {
    learners.push(simulateLearner({ learner: drawLearner(seed, i, study), cards, model, scheduler, fitLearner, desiredRetention, study }));
    onLearner?.(i);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { learners, summary: summarise(learners) };
}

/**
 * The bench's metrics, averaged over the learners: reviews (every answer that is not a lesson grade, same-session
 * repeats of failed cards included), the peak day's reviews and its ratio to the learner's mean day (days 0–364),
 * the honest retention (each learner's share, then their mean), and the mean recall of every card at day 365.
 */
export function summarise(learners) {
  const mean = (f) => learners.reduce((sum, l) => sum + f(l), 0) / learners.length;
  const peak = (l) => l.daily.reduce((m, n) => Math.max(m, n), 0);
  const meanDay = (l) => l.daily.reduce((a, b) => a + b, 0) / l.daily.length;
  return {
    learners: learners.length,
    reviews: mean((l) => l.reviews),
    totalReviews: learners.reduce((sum, l) => sum + l.reviews, 0),
    peakPerDay: mean(peak),
    peakToMean: mean((l) => peak(l) / meanDay(l)),
    retention: mean((l) => l.retention),
    known: mean((l) => l.known),
    capped: learners.reduce((sum, l) => sum + l.capped, 0),
  };
}

/**
 * Honest retention over days [from, to) for each learner, then their mean (a learner with no honest review in the
 * window is left out), and the mean reviews on day `from`: what a learner back from a break meets.
 */
export function windowRetention(population, from, to) {
  const shares = [];
  for (const l of population.learners) {
    let honest = 0;
    let recalled = 0;
    for (let d = from; d < to; d++) {
      honest += l.dailyHonest[d];
      recalled += l.dailyRecalled[d];
    }
    if (honest) shares.push(recalled / honest);
  }
  const firstDay = population.learners.reduce((sum, l) => sum + l.daily[from], 0) / population.learners.length;
  return { retention: shares.reduce((a, b) => a + b, 0) / shares.length, firstDay };
}

/** Per-learner review ratios of `a` to `b` (the same learners of the same seed): their mean and maximum. */
export function reviewRatios(a, b) {
  const ratios = a.learners.map((l, i) => l.reviews / b.learners[i].reviews);
  return { overall: a.summary.totalReviews / b.summary.totalReviews, mean: ratios.reduce((x, y) => x + y, 0) / ratios.length, max: Math.max(...ratios), ratios };
}
