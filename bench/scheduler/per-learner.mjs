// Per-learner check (issue 30): each learner's reviews, honest retention, same-session repeats and known@end under
// today's ladder and version 3 at each requested R (weekly fit), and the fit at the year's end: which learners set
// the bench's "max per learner", and why.
//   SEED=4 N=8 MODEL=hlr|actr RS=0.95,0.97 [FITOPT='{"delay":true}'] [MOD=..] node bench/scheduler/per-learner.mjs
import { createRequire } from 'node:module';
import { MODELS } from './memory-models.mjs';
import { simulatePopulation } from './simulate.mjs';
const m = createRequire(import.meta.url)(process.env.MOD ?? '../../backend/dist/study/scheduler/index.js');
const seed = Number(process.env.SEED ?? 4), count = Number(process.env.N ?? 8);
const name = process.env.MODEL ?? 'hlr';
const Rs = (process.env.RS ?? '0.95').split(',').map(Number);
const model = MODELS[name];
const lad = await simulatePopulation({ seed, count, model, scheduler: m.schedulers.ladder });
console.log(`${name} seed ${seed} ladder: ret ${(100*lad.summary.retention).toFixed(1)} rev ${Math.round(lad.summary.reviews)} known ${(100*lad.summary.known).toFixed(1)}`);
for (const R of Rs) {
  const fits = [];
  let last;
  const fit = (log) => { last = m.fitLearner(log, { ...JSON.parse(process.env.FITOPT ?? "{}") }); return last; };
  const p = await simulatePopulation({ seed, count, model, scheduler: m.schedulers.memory, fitLearner: fit, desiredRetention: R, onLearner: () => fits.push(last) });
  console.log(` R=${R}: ret ${(100*p.summary.retention).toFixed(1)} rev ${Math.round(p.summary.reviews)} x${(p.summary.totalReviews/lad.summary.totalReviews).toFixed(3)} known ${(100*p.summary.known).toFixed(1)}`);
  p.learners.forEach((l, i) => { const L = lad.learners[i]; console.log(`   #${i} ladder rev ${L.reviews} ret ${(100*L.retention).toFixed(1)} rep ${L.repeats} known ${(100*L.known).toFixed(1)} | v3 rev ${l.reviews} ret ${(100*l.retention).toFixed(1)} rep ${l.repeats} known ${(100*l.known).toFixed(1)} | ratio ${(l.reviews/L.reviews).toFixed(3)} fit ${JSON.stringify(fits[i])}`); });
}
