// The learners of the study benchmarks (bench/study.bench.mjs, bench/grades-beside-voice.bench.mjs): one driven as
// the study panel drives one, and the open loop that makes answers arrive at a fixed rate.
import { randomUUID } from 'node:crypto';

const json = (res) => JSON.parse(res.body.toString());

/**
 * A learner as the study panel drives one: a batch of 10 new cards, then the reviews, then the next batch; the next
 * course when one runs dry. `grade()` gives one answer (reading the course's first card when it has none) and
 * resolves with its latency from `since` (the closed loop: when it was sent; the open loop: when it was due), or
 * null when there is nothing left to grade. `http` is the app's client (httpClient), `errors` counts non-200s by status.
 */
export function studyingLearner(http, user, errors) {
  const courses = ['vocab1', 'kanji1', 'vocab2', 'vocab3', 'kanji2', 'kana'];
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': user.token, cookie: user.cookie };
  let course = courses.shift();
  let card = null;
  let lessons = true;
  let position = 1;
  return async function grade(since) {
    // No card in hand (the reviews ran out): the course's next card, which starts the next lesson batch; the next
    // course only when this one has nothing left to study now.
    while (!card) {
      if (!course) return null;
      const res = await http.call('GET', `/api/flashcard?course=${course}`, { headers });
      card = json(res).flashcard;
      if (!card) course = courses.shift();
      lessons = !card || card.attempts === 0;
      position = 1;
    }
    const fetchNew = lessons && position < 10;
    const roll = Math.random();
    const value = lessons ? (roll < 0.5 ? 3 : 5) : roll < 0.1 ? 0 : roll < 0.4 ? 3 : 5;
    const body = JSON.stringify({ id: card.flashcard_id, grade: value, fetch_new: fetchNew });
    const started = since ?? process.hrtime.bigint();
    const res = await http.call('POST', '/api/flashcard', { headers: { ...headers, 'idempotency-key': randomUUID() }, body });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== 200) {
      errors.set(res.status, (errors.get(res.status) ?? 0) + 1);
      card = null;
      return { ok: false, ms };
    }
    const next = json(res).new_flashcard;
    if (lessons) {
      if (next && next.attempts === 0 && fetchNew) position++;
      else lessons = false;
    } else if (next && next.attempts === 0) {
      lessons = true;
      position = 1;
    }
    card = next;
    return { ok: true, ms };
  };
}

/**
 * The open loop: answers arrive at a fixed rate whatever the server's pace, taken in turn by the learners (each
 * answers one at a time, as a person does); the latency runs from when the answer was due, so waiting counts.
 */
export async function openLoop(graders, perSecond, seconds) {
  const latencies = [];
  const queues = graders.map(() => Promise.resolve());
  const interval = 1e9 / perSecond;
  const start = process.hrtime.bigint();
  const total = Math.floor(perSecond * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + BigInt(Math.round(i * interval));
    const wait = Number(due - process.hrtime.bigint()) / 1e6;
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const k = i % graders.length;
    queues[k] = queues[k].then(async () => {
      const r = await graders[k](due);
      if (r?.ok) latencies.push(r.ms);
    });
  }
  await Promise.all(queues);
  return latencies.sort((a, b) => a - b);
}
