// Desired retention check (issue 30, item 3): the honest retention the memory ladder (version 3) gives at each
// requested R, with each learner's strength fitted weekly, under both memory models, beside today's ladder; with
// PAUSE=1 the same learners take a 30-day break on days 150-179 (retention 2 weeks before / week 1 / week 2 back).
// Settings may offer a retention only when the measured figure is within 2 points of it under BOTH models.
//   SEED=1 N=6 RS=0.8,0.85,0.9 [RS_HLR=..] [RS_ACTR=..] [MODELS=hlr,actr] [PAUSE=1] [SHAPE=1] [DELAY=1] [FEEDBACK=1]
//   [MOD=path/to/scheduler/index.js] node bench/scheduler/retention-check.mjs
// SHAPE=1 fits each learner's forgetting shape too, DELAY=1 corrects for how late they answer, FEEDBACK=1 moves the
// scale by how far their recent retention is from the one asked for (fitLearner options).
import { createRequire } from 'node:module';
import { MODELS } from './memory-models.mjs';
import { STUDY, simulatePopulation, windowRetention } from './simulate.mjs';
const m = createRequire(import.meta.url)(process.env.MOD ?? '../../backend/dist/study/scheduler/index.js');
const seed = Number(process.env.SEED ?? 1), count = Number(process.env.N ?? 6);
const Rs = (process.env.RS ?? '0.8,0.85,0.9').split(',').map(Number);
const models = (process.env.MODELS ?? 'hlr,actr').split(',');
const pause = process.env.PAUSE ? { fromDay: 150, days: 30 } : null;
for (const name of models) {
  const model = MODELS[name];
  const t = Date.now();
  const lad = await simulatePopulation({ seed, count, model, scheduler: m.schedulers.ladder, study: { ...STUDY, pause } });
  let line = `${name} seed ${seed}: ladder R ${(100*lad.summary.retention).toFixed(1)} rev ${Math.round(lad.summary.reviews)} known ${(100*lad.summary.known).toFixed(1)}`;
  if (pause) { const b = windowRetention(lad,136,150).retention, w1 = windowRetention(lad,180,187).retention, w2=windowRetention(lad,187,194).retention; line += ` break ${(100*b).toFixed(1)}/${(100*w1).toFixed(1)}/${(100*w2).toFixed(1)}`; }
  console.log(line);
  for (const R of (process.env['RS_'+name.toUpperCase()] ?? '').split(',').filter(Boolean).map(Number).concat(process.env['RS_'+name.toUpperCase()] ? [] : Rs)) {
    const p = await simulatePopulation({ seed, count, model, scheduler: m.schedulers.memory, fitLearner: (log) => m.fitLearner(log, { fitShape: !!process.env.SHAPE, delay: !!process.env.DELAY, feedback: process.env.FEEDBACK === "1" }), desiredRetention: R, study: { ...STUDY, pause } });
    let l = `  R=${R}: measured ${(100*p.summary.retention).toFixed(1)} rev ${Math.round(p.summary.reviews)} (x${(p.summary.reviews/lad.summary.reviews).toFixed(2)}) known ${(100*p.summary.known).toFixed(1)}`;
    if (pause) { const b = windowRetention(p,136,150).retention, w1 = windowRetention(p,180,187).retention, w2=windowRetention(p,187,194).retention; l += ` break ${(100*b).toFixed(1)}/${(100*w1).toFixed(1)}/${(100*w2).toFixed(1)}`; }
    console.log(l);
  }
  console.log(`  (${((Date.now()-t)/1000).toFixed(0)} s)`);
}
