// Two published models of human memory, the simulated learners of bench/scheduler.bench.mjs (issue 30). Neither is
// FSRS's: a scheduler is not judged by the model it was built on. Each model gives, for one learner, a memory per
// card with three operations:
//   recall(card, ms)        the probability that the learner recalls the card at instant `ms` (epoch ms);
//   expose(card, ms, ok)    the learner saw the card at `ms` (a lesson, a review, a relearn after a failure);
//   sessionBegins/Ends(ms)  the learner sits down / gets up (only ACT-R's psychological time uses it).
// A learner is drawn from two standard normals (`learning`: how fast they consolidate, `forgetting`: how fast they
// forget); a card from one (`difficulty`, shared by every learner of a seed): the models turn them into their own
// parameters, so both models see the same learners and the same cards.

const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------------------------------------------------------
// 1. Half-life regression: Settles, B. & Meeder, B. (2016). "A Trainable Spaced Repetition Model for Language
//    Learning". Proceedings of ACL 2016, 1848–1858 (Duolingo). p = 2^(−Δ/h), h = 2^(θ·x), with the features of
//    Duolingo's released code: x = (bias, √(1+right), √(1+wrong), the item's tag) and h clipped to 15 min–274 days.
//    Δ is real time: HLR has no spacing effect, a correct answer lengthens the half-life whenever it is given.
// ---------------------------------------------------------------------------------------------------------------

/**
 * θ in log₂ hours, calibrated by hand (bench/scheduler.bench.mjs prints the check). The lesson counts as the first
 * right answer, so a card just learned has a half-life of 2^(−3.9 + 7·√2 − 3) ≈ 8 h, and 37 h once the review
 * right after the lesson is done; each later success multiplies it by 3.7× at first and 2.2× by the eighth, so
 * five or six successes reach months (clipped at 274 days as in Duolingo's code): "hours on the first day, months
 * for a well-known card". θ_wrong is a compromise HLR forces: from −3.5 down, a weak learner falls into a spiral in
 * which each lapse and its relearn leave the card weaker than before (one learner in eight ends the year recalling
 * under 20 %, with 250,000 reviews); at −3 nobody does, but a lapse followed by its relearn leaves a card about where
 * it was. So under HLR a lapse costs little beyond its relearn, and a rule that keeps a lapsed card's interval looks
 * better than it would with real memories; ACT-R, where a relearnt trace is a new and weaker one, is the check.
 */
export const HLR_PARAMS = {
  bias: -3.9,
  right: 7,
  wrong: -3,
  /** per standard deviation of card difficulty: a hard card (z = +1) keeps 2^−0.6 ≈ 0.66× the half-life */
  difficulty: -0.6,
  /** per standard deviation of the learner: ×2^±0.5 on every half-life (forgetting), ±8 % on the weight of a success (learning) */
  learnerBias: 0.5,
  learnerRight: 0.08,
  minHalfLifeHours: 0.25,
  maxHalfLifeHours: 274 * 24,
};

export function halfLifeRegression(params = HLR_PARAMS) {
  return {
    name: 'hlr',
    title: 'half-life regression (Settles & Meeder 2016)',
    forLearner(learner) {
      const bias = params.bias - params.learnerBias * learner.forgetting;
      const right = params.right * Math.exp(params.learnerRight * learner.learning);
      const halfLifeHours = (m) => {
        const log2h = bias + right * Math.sqrt(1 + m.right) + params.wrong * Math.sqrt(1 + m.wrong) + params.difficulty * m.difficulty;
        return Math.min(params.maxHalfLifeHours, Math.max(params.minHalfLifeHours, 2 ** log2h));
      };
      return {
        newCard: (card) => ({ difficulty: card.difficulty, right: 0, wrong: 0, lastMs: null, halfLifeHours: 0 }),
        recall(m, ms) {
          if (m.lastMs === null) return 0;
          // A session that runs past the bench's last instant has answers "after" it: those cards were just seen.
          return 2 ** (-Math.max(0, ms - m.lastMs) / HOUR_MS / m.halfLifeHours);
        },
        // Every exposure counts, as every exercise does in Duolingo's history counts: the lesson (graded a moment
        // after it), the review right after the lesson, the relearn after a failure.
        expose(m, ms, recalled) {
          if (recalled) m.right++;
          else m.wrong++;
          m.lastMs = ms;
          m.halfLifeHours = halfLifeHours(m);
        },
        sessionBegins() {},
        sessionEnds() {},
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. ACT-R declarative memory with the spacing effect: Pavlik, P. I. & Anderson, J. R. (2005). "Practice and
//    forgetting effects on vocabulary memory: an activation-based model of the spacing effect". Cognitive Science
//    29, 559–586. Activation m_n = ln Σ_j t_j^(−d_j) (t_j: age of presentation j, in seconds), each presentation's
//    decay d_j = c·e^(m_{j−1}) + α set by the activation when it was given (a presentation given while the item is
//    still strong decays fast: the spacing effect), recall p = 1 / (1 + e^((τ − m)/s)).
//    Time between sessions counts as psychological time, real time × h (introduced in the 2005 paper, used to
//    schedule practice in Pavlik & Anderson 2008, "Using a model to compute the optimal schedule of practice",
//    J. Exp. Psych.: Applied 14, 101–117): without it a power law forgets in days what it forgot in minutes.
// ---------------------------------------------------------------------------------------------------------------

/**
 * c, α and s are the 2005 paper's fitted values, h the order of its fit (h = 0.025: a day between sessions ages a
 * memory as 36 minutes of study do). τ is lower than the paper's −0.704, set by hand so that today's ladder is
 * recalled in 75–92 % of its honest reviews: the paper's learners saw word pairs for seconds in a lab, Kioku's study
 * a card with its reading, meaning and sentences; with the paper's τ the review right after a lesson would fail
 * half the time and today's ladder would be recalled in 70 % of its reviews. τ and h nearly trade for each other (a
 * scaled time shifts the activation by about −d·ln h), so only τ was moved.
 */
export const ACTR_PARAMS = {
  c: 0.217,
  alpha: 0.177,
  tau: -1.3,
  s: 0.255,
  h: 0.025,
  /** per standard deviation of card difficulty: α ± 0.025 (the paper's items differ in α) */
  cardAlpha: 0.025,
  /** per standard deviation of the learner: α ± 0.02 (forgetting), τ ∓ 0.15 (learning: a lower threshold) */
  learnerAlpha: 0.02,
  learnerTau: 0.15,
  /** an age below a second is a second: a presentation never contributes an infinite activation */
  minAgeSeconds: 1,
};

export function actrSpacing(params = ACTR_PARAMS) {
  return {
    name: 'actr',
    title: 'ACT-R with the spacing effect (Pavlik & Anderson 2005; psychological time as in 2008)',
    forLearner(learner) {
      const alpha = params.alpha + params.learnerAlpha * learner.forgetting;
      const tau = params.tau - params.learnerTau * learner.learning;
      const clock = psychologicalClock(params.h);
      const activation = (m, t) => {
        let sum = 0;
        for (let j = 0; j < m.times.length; j++) sum += Math.max(params.minAgeSeconds, t - m.times[j]) ** -m.decays[j];
        return sum > 0 ? Math.log(sum) : -Infinity;
      };
      return {
        newCard: (card) => ({ alpha: alpha + params.cardAlpha * card.difficulty, times: [], decays: [] }),
        recall(m, ms) {
          const a = activation(m, clock.seconds(ms));
          return a === -Infinity ? 0 : 1 / (1 + Math.exp((tau - a) / params.s));
        },
        // A failed retrieval followed by the answer counts as a presentation, as a study trial does in the paper.
        expose(m, ms) {
          const t = clock.seconds(ms);
          const a = activation(m, t);
          m.decays.push(params.c * Math.exp(a) + m.alpha);
          m.times.push(t);
        },
        sessionBegins: (ms) => clock.begin(ms),
        sessionEnds: (ms) => clock.end(ms),
      };
    },
  };
}

/**
 * Psychological time in seconds: real time inside a session, real time × h between sessions. Piecewise linear, so
 * the time of any instant is known from the last session boundary alone.
 */
function psychologicalClock(h) {
  let lastEndMs = 0;
  let atLastEnd = 0;
  let startMs = null;
  let atStart = 0;
  const between = (ms) => atLastEnd + (h * Math.max(0, ms - lastEndMs)) / 1000;
  return {
    begin(ms) {
      atStart = between(ms);
      startMs = ms;
    },
    end(ms) {
      atLastEnd = atStart + (ms - startMs) / 1000;
      lastEndMs = ms;
      startMs = null;
    },
    seconds: (ms) => (startMs === null ? between(ms) : atStart + (ms - startMs) / 1000),
  };
}

export const MODELS = { hlr: halfLifeRegression(), actr: actrSpacing() };
