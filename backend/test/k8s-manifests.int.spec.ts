// Issue 20: the Kubernetes manifests under infra/k8s are real. Every YAML file parses, every document is a known kind
// with its required fields, every reference (selectors, ports, ConfigMaps, Secrets, HPA and PDB targets) points at
// something that exists, the ConfigMap sets only real settings (backend/src/platform/config/config.ts), and the
// migration Job runs a real CLI command. The overlays are rendered by a small emulation of kustomize (resources,
// strategic-merge patches, replicas, images, namespace) and checked as whole installs; when kubectl happens to be
// installed, `kubectl kustomize` must render the same thing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadAll } from 'js-yaml';
import { loadConfig } from '../src/platform/config/config';

const ROOT = join(__dirname, '..', '..');
const K8S = join(ROOT, 'infra', 'k8s');
const INSTALLS = ['base', 'overlays/small', 'overlays/large'];

type Doc = Record<string, any>;

/** The kinds the manifests may use, with their apiVersion. */
const KINDS: Record<string, string> = {
  Namespace: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Service: 'v1',
  Deployment: 'apps/v1',
  Job: 'batch/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  PodDisruptionBudget: 'policy/v1',
};
const KUSTOMIZATION = { apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' };

/** The setting names of the app: the keys of configSchema, read from the source text. */
const SETTINGS: Set<string> = (() => {
  const text = readFileSync(join(ROOT, 'backend/src/platform/config/config.ts'), 'utf8');
  const schema = text.slice(text.indexOf('const configSchema = z.object({'), text.indexOf('\n});', text.indexOf('const configSchema')));
  return new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
})();
/** The operator commands of backend/src/cli.ts. */
const CLI_COMMANDS: Set<string> = new Set(
  [...readFileSync(join(ROOT, 'backend/src/cli.ts'), 'utf8').matchAll(/^ {2}'([a-z]+:[a-z-]+)':/gm)].map((m) => m[1]),
);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

function loadDocs(file: string): Doc[] {
  return (loadAll(readFileSync(file, 'utf8')) as unknown[]).filter((d): d is Doc => d !== null && d !== undefined);
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);
const rel = (path: string) => relative(K8S, path);

interface Kustomization {
  resources?: string[];
  patches?: Array<{ path?: string }>;
  replicas?: Array<{ name: string; count: number }>;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  namespace?: string;
}

function readKustomization(dir: string): Kustomization {
  const [doc] = loadDocs(join(dir, 'kustomization.yaml'));
  return doc as Kustomization;
}

/** Strategic merge as kustomize does it for what these manifests use: maps merge, lists of named items merge by name. */
function merge(target: Doc, patch: Doc): void {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key];
    if (isObject(current) && isObject(value)) merge(current, value);
    else if (Array.isArray(current) && Array.isArray(value) && value.every((v) => isObject(v) && typeof v.name === 'string')) {
      for (const item of value as Doc[]) {
        const found = (current as Doc[]).find((c) => isObject(c) && c.name === item.name);
        if (found) merge(found, item);
        else current.push(clone(item));
      }
    } else target[key] = clone(value);
  }
}

function podSpecOf(doc: Doc): Doc | undefined {
  return doc.kind === 'Deployment' || doc.kind === 'Job' ? doc.spec?.template?.spec : undefined;
}
function containersOf(doc: Doc): Doc[] {
  const spec = podSpecOf(doc);
  return spec ? [...(spec.initContainers ?? []), ...(spec.containers ?? [])] : [];
}

/** kustomize build, emulated: resources (files or kustomization directories), patches, replicas, images, namespace. */
function render(dir: string): Doc[] {
  const k = readKustomization(dir);
  const docs: Doc[] = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    docs.push(...(statSync(path).isDirectory() ? render(path) : loadDocs(path).map(clone)));
  }
  for (const { path } of k.patches ?? []) {
    for (const patch of loadDocs(resolve(dir, path!))) {
      const target = docs.find((d) => d.kind === patch.kind && d.metadata?.name === patch.metadata?.name);
      if (!target) throw new Error(`${rel(resolve(dir, path!))}: patches ${patch.kind}/${patch.metadata?.name}, which the resources do not have`);
      merge(target, patch);
    }
  }
  for (const { name, count } of k.replicas ?? []) {
    const target = docs.find((d) => d.kind === 'Deployment' && d.metadata?.name === name);
    if (!target) throw new Error(`${rel(dir)}: replicas for a Deployment ${name} that does not exist`);
    target.spec.replicas = count;
  }
  for (const image of k.images ?? []) {
    for (const container of docs.flatMap(containersOf)) {
      const [name, tag] = String(container.image).split(':');
      if (name === image.name) container.image = `${image.newName ?? name}:${image.newTag ?? tag}`;
    }
  }
  if (k.namespace) for (const d of docs) if (d.kind !== 'Namespace') d.metadata.namespace = k.namespace;
  return docs;
}

const includes = (labels: Doc | undefined, selector: Doc | undefined) =>
  !!labels && !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);
const podLabels = (d: Doc): Doc | undefined => d.spec?.template?.metadata?.labels;
const envValue = (container: Doc, name: string) => (container.env ?? []).find((e: Doc) => e.name === name);

/** Resolves a probe's or Service's port (a number or a container port's name) to a container port number. */
function containerPort(containers: Doc[], port: unknown): number | undefined {
  const ports: Doc[] = containers.flatMap((c) => c.ports ?? []);
  const found = ports.find((p) => p.containerPort === port || (typeof port === 'string' && p.name === port));
  return found?.containerPort;
}

/** Parses pgbouncer.ini with its %include files (keys of the same ConfigMap) into key → value. */
function pgbouncerSettings(configMap: Doc): Record<string, string> {
  const settings: Record<string, string> = {};
  const read = (text: string) => {
    for (const line of text.split('\n').map((l) => l.trim())) {
      const include = /^%include\s+(\S+)/.exec(line);
      if (include) read(configMap.data[include[1].split('/').pop()!] ?? '');
      const pair = /^([a-z_]+)\s*=\s*(.*)$/.exec(line);
      if (pair) settings[pair[1]] = pair[2];
    }
  };
  read(configMap.data['pgbouncer.ini']);
  return settings;
}

interface Figures {
  apiHpa: [number, number];
  workerReplicas: number;
  pgbouncerReplicas: number;
  pgbouncerPool: number;
}

/** Every problem of a rendered install, as readable lines; an empty list is a consistent install. */
function checkInstall(docs: Doc[]): { problems: string[]; figures: Partial<Figures> } {
  const problems: string[] = [];
  const figures: Partial<Figures> = {};
  const problem = (doc: Doc, text: string) => problems.push(`${doc.kind}/${doc.metadata?.name}: ${text}`);
  const byKind = (kind: string) => docs.filter((d) => d.kind === kind);
  const find = (kind: string, name: unknown) => docs.find((d) => d.kind === kind && d.metadata?.name === name);

  const seen = new Set<string>();
  for (const doc of docs) {
    if (typeof doc.apiVersion !== 'string' || typeof doc.kind !== 'string' || typeof doc.metadata?.name !== 'string') {
      problems.push(`a document without apiVersion, kind or metadata.name: ${JSON.stringify(doc).slice(0, 80)}`);
      continue;
    }
    if (!(doc.kind in KINDS)) problem(doc, `unknown kind (known: ${Object.keys(KINDS).join(', ')})`);
    else if (KINDS[doc.kind] !== doc.apiVersion) problem(doc, `apiVersion ${doc.apiVersion}, expected ${KINDS[doc.kind]}`);
    const id = `${doc.kind}/${doc.metadata.name}`;
    if (seen.has(id)) problem(doc, 'defined twice');
    seen.add(id);
  }

  for (const cm of byKind('ConfigMap')) {
    if (!isObject(cm.data)) problem(cm, 'no data');
    else for (const [k, v] of Object.entries(cm.data)) if (typeof v !== 'string') problem(cm, `${k} is not a string (quote it)`);
  }
  for (const secret of byKind('Secret')) {
    const data = secret.stringData ?? secret.data;
    if (!isObject(data)) problem(secret, 'neither stringData nor data');
    else
      for (const [k, v] of Object.entries(data)) {
        if (typeof v !== 'string') problem(secret, `${k} is not a string`);
        else if (v !== '' && !v.includes('CHANGE-ME')) problem(secret, `${k} holds something other than an empty value or a CHANGE-ME placeholder`);
      }
  }

  const deployments = byKind('Deployment');
  for (const d of deployments) {
    if (!includes(podLabels(d), d.spec?.selector?.matchLabels)) problem(d, 'spec.selector.matchLabels does not match the pod template labels');
  }
  for (const workload of [...deployments, ...byKind('Job')]) {
    const spec = podSpecOf(workload);
    if (!spec?.containers?.length) {
      problem(workload, 'no containers');
      continue;
    }
    if (spec.securityContext?.runAsNonRoot !== true) problem(workload, 'pods do not run as non-root');
    const volumes = new Set((spec.volumes ?? []).map((v: Doc) => v.name));
    for (const c of containersOf(workload)) {
      if (typeof c.name !== 'string' || typeof c.image !== 'string' || !c.image) problem(workload, 'a container without name or image');
      for (const side of ['requests', 'limits'])
        for (const r of ['cpu', 'memory']) if (!c.resources?.[side]?.[r]) problem(workload, `container ${c.name} has no ${side}.${r}`);
      if (c.securityContext?.allowPrivilegeEscalation !== false) problem(workload, `container ${c.name} allows privilege escalation`);
      for (const m of c.volumeMounts ?? []) if (!volumes.has(m.name)) problem(workload, `container ${c.name} mounts a volume ${m.name} that is not defined`);
      // Every ConfigMap / Secret referred to exists (and the key, for a key reference).
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef && !find('ConfigMap', from.configMapRef.name)) problem(workload, `envFrom ConfigMap ${from.configMapRef.name} does not exist`);
        if (from.secretRef && !find('Secret', from.secretRef.name)) problem(workload, `envFrom Secret ${from.secretRef.name} does not exist`);
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
        if (!ref) continue;
        const kind = e.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret';
        const target = find(kind, ref.name);
        if (!target) problem(workload, `env ${e.name} refers to a ${kind} ${ref.name} that does not exist`);
        else if (!(ref.key in (target.data ?? target.stringData ?? {}))) problem(workload, `env ${e.name} refers to a key ${ref.key} that ${kind} ${ref.name} does not have`);
      }
    }
    for (const v of spec.volumes ?? []) {
      const sources = v.projected?.sources ?? [v];
      for (const s of sources) {
        if (s.configMap && !find('ConfigMap', s.configMap.name)) problem(workload, `volume ${v.name}: ConfigMap ${s.configMap.name} does not exist`);
        if (s.secret && !find('Secret', s.secret.name ?? s.secret.secretName)) problem(workload, `volume ${v.name}: Secret ${s.secret.name ?? s.secret.secretName} does not exist`);
      }
    }
  }

  // Kioku's own containers: node backend/dist/<main|worker|cli>.js, with only real settings in their environment.
  const config = byKind('ConfigMap').find((cm) => 'PORT' in (cm.data ?? {}));
  const settings: Doc = config?.data ?? {};
  if (!config) problems.push('no ConfigMap with the app settings (PORT …)');
  const appContainers = (doc: Doc) => containersOf(doc).filter((c) => c.command?.[0] === 'node' && /^backend\/dist\//.test(c.command?.[1] ?? ''));
  const running = (script: string) => [...deployments, ...byKind('Job')].filter((d) => appContainers(d).some((c) => c.command[1] === `backend/dist/${script}`));
  for (const workload of [...deployments, ...byKind('Job')]) {
    for (const c of appContainers(workload)) {
      const source = join(ROOT, c.command[1].replace(/^backend\/dist\//, 'backend/src/').replace(/\.js$/, '.ts'));
      if (!existsSync(source)) problem(workload, `${c.command[1]} is built from nothing (${relative(ROOT, source)} does not exist)`);
      for (const e of c.env ?? []) if (!SETTINGS.has(e.name)) problem(workload, `env ${e.name} is not a setting of config.ts`);
      for (const from of c.envFrom ?? []) {
        const source = find(from.configMapRef ? 'ConfigMap' : 'Secret', (from.configMapRef ?? from.secretRef).name);
        for (const key of Object.keys(source?.data ?? source?.stringData ?? {}))
          if (!SETTINGS.has(key)) problem(source!, `${key} is not a setting of config.ts`);
      }
    }
  }
  if ('ROLE' in settings) problem(config!, 'ROLE belongs to each Deployment, not the shared ConfigMap');
  const metricsPort = Number(settings.METRICS_PORT);
  if (!metricsPort) problem(config ?? { kind: 'ConfigMap' }, 'METRICS_PORT is not set');
  if (settings.METRICS_HOST !== '0.0.0.0') problem(config ?? { kind: 'ConfigMap' }, 'METRICS_HOST must be 0.0.0.0 inside a pod, or nothing can scrape it');

  const [api, ...moreApis] = running('main.js').filter((d) => d.kind === 'Deployment');
  const [worker, ...moreWorkers] = running('worker.js').filter((d) => d.kind === 'Deployment');
  if (!api || moreApis.length) problems.push('expected exactly one Deployment running backend/dist/main.js');
  if (!worker || moreWorkers.length) problems.push('expected exactly one Deployment running backend/dist/worker.js');
  for (const [d, role] of [[api, 'api'], [worker, 'worker']] as const) {
    if (!d) continue;
    const c = appContainers(d)[0];
    if (envValue(c, 'ROLE')?.value !== role) problem(d, `env ROLE is not ${role}`);
    const annotations = d.spec.template.metadata?.annotations ?? {};
    if (annotations['prometheus.io/scrape'] !== 'true' || Number(annotations['prometheus.io/port']) !== metricsPort)
      problem(d, `no prometheus.io scrape annotations for METRICS_PORT ${metricsPort}`);
    if (containerPort([c], metricsPort) === undefined) problem(d, `no container port ${metricsPort} (METRICS_PORT)`);
  }

  if (api) {
    const containers = appContainers(api);
    const http = containerPort(containers, Number(settings.PORT));
    if (http === undefined) problem(api, `no container port ${settings.PORT} (PORT)`);
    for (const probe of ['readinessProbe', 'livenessProbe']) {
      const get = containers[0][probe]?.httpGet;
      if (get?.path !== '/api/health') problem(api, `${probe} is not an httpGet of /api/health`);
      else if (http === undefined || containerPort(containers, get.port) !== http) problem(api, `${probe} does not probe the container port ${settings.PORT}`);
    }
    const live = containers[0].livenessProbe ?? {};
    // A PostgreSQL outage makes /api/health answer 503: liveness must outlast a short one rather than restart every pod.
    if ((live.periodSeconds ?? 10) * (live.failureThreshold ?? 3) < 120) problem(api, 'livenessProbe restarts pods within 2 minutes of failing (a short PostgreSQL outage)');
    const preStop = Number(containers[0].lifecycle?.preStop?.exec?.command?.[1] ?? 0);
    if (!preStop) problem(api, 'no preStop pause before SIGTERM');
    if ((api.spec.template.spec.terminationGracePeriodSeconds ?? 30) <= preStop + 10) problem(api, 'terminationGracePeriodSeconds leaves no time to close after preStop');

    const services = byKind('Service').filter((s) => includes(podLabels(api), s.spec?.selector));
    if (services.length !== 1) problems.push(`expected one Service selecting the api pods, found ${services.length}`);
    for (const s of services)
      for (const p of s.spec.ports ?? []) {
        const target = containerPort(containers, p.targetPort ?? p.port);
        if (target !== http) problem(s, `port ${p.port} targets ${p.targetPort}, not the api's container port ${settings.PORT}`);
      }
  }
  if (worker) {
    const c = appContainers(worker)[0];
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe'])
      if (c[probe]?.httpGet?.path === '/api/health') problem(worker, `${probe} asks /api/health, but the worker serves no HTTP`);
    const live = c.livenessProbe;
    if (!live?.exec && !(live?.httpGet && containerPort([c], live.httpGet.port) === metricsPort)) problem(worker, 'livenessProbe is neither exec nor the metrics port');
    const grace = worker.spec.template.spec.terminationGracePeriodSeconds ?? 30;
    if (grace * 1000 <= Number(settings.MEDIA_SHUTDOWN_GRACE_MS ?? 10_000)) problem(worker, 'terminationGracePeriodSeconds is not longer than MEDIA_SHUTDOWN_GRACE_MS');
    figures.workerReplicas = worker.spec.replicas ?? 1;
  }

  for (const s of byKind('Service')) {
    const target = deployments.find((d) => includes(podLabels(d), s.spec?.selector));
    if (!target) problem(s, 'selects no Deployment');
    else
      for (const p of s.spec.ports ?? []) {
        const port = containerPort(containersOf(target), p.targetPort ?? p.port);
        if (port === undefined) problem(s, `targetPort ${p.targetPort} is no container port of ${target.metadata.name}`);
        else if (port === metricsPort) problem(s, 'exposes the metrics port');
      }
  }
  for (const hpa of byKind('HorizontalPodAutoscaler')) {
    const ref = hpa.spec?.scaleTargetRef ?? {};
    const target = ref.kind === 'Deployment' ? find('Deployment', ref.name) : undefined;
    if (!target || ref.apiVersion !== 'apps/v1') problem(hpa, `scaleTargetRef ${ref.kind}/${ref.name} is not a Deployment here`);
    const { minReplicas: min, maxReplicas: max } = hpa.spec ?? {};
    if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 1 && min <= max)) problem(hpa, `replicas ${min}–${max}`);
    if (!(hpa.spec?.metrics ?? []).some((m: Doc) => m.type === 'Resource' && m.resource?.name === 'cpu')) problem(hpa, 'does not scale on CPU');
    if (target && target === api) figures.apiHpa = [min, max];
    if (target?.spec?.replicas !== undefined) problem(hpa, `${ref.name} sets spec.replicas, which every apply would reset under the autoscaler`);
  }
  if (api && !figures.apiHpa) problems.push('no HorizontalPodAutoscaler for the api');
  for (const pdb of byKind('PodDisruptionBudget')) {
    if ((pdb.spec?.minAvailable === undefined) === (pdb.spec?.maxUnavailable === undefined)) problem(pdb, 'needs exactly one of minAvailable and maxUnavailable');
    const matched = deployments.filter((d) => includes(podLabels(d), pdb.spec?.selector?.matchLabels));
    if (matched.length !== 1) problem(pdb, `selector matches ${matched.length} Deployments`);
  }
  for (const d of [api, worker].filter(Boolean))
    if (!byKind('PodDisruptionBudget').some((p) => includes(podLabels(d), p.spec?.selector?.matchLabels))) problem(d, 'no PodDisruptionBudget');

  const jobs = byKind('Job');
  for (const job of jobs) {
    const policy = job.spec?.template?.spec?.restartPolicy;
    if (policy !== 'Never' && policy !== 'OnFailure') problem(job, `restartPolicy ${policy}, expected Never or OnFailure`);
  }
  const migrations = jobs.filter((j) => appContainers(j).some((c) => c.command.join(' ') === 'node backend/dist/cli.js db:migrate'));
  if (migrations.length !== 1) problems.push(`expected one Job running node backend/dist/cli.js db:migrate, found ${migrations.length}`);
  if (!CLI_COMMANDS.has('db:migrate')) problems.push('backend/src/cli.ts has no db:migrate command');

  // PgBouncer: DATABASE_URL (the API's) points at its Service; transaction mode; the worker bypasses it for LISTEN.
  const secretUrl = (name: string) => find('Secret', name)?.stringData?.DATABASE_URL as string | undefined;
  const apiSecret = api && appContainers(api)[0].envFrom?.find((f: Doc) => f.secretRef)?.secretRef.name;
  const apiUrl = apiSecret ? secretUrl(apiSecret) : undefined;
  const bouncerService = apiUrl ? find('Service', new URL(apiUrl).hostname) : undefined;
  const bouncer = bouncerService && deployments.find((d) => includes(podLabels(d), bouncerService.spec?.selector));
  if (!bouncer) problems.push(`the api's DATABASE_URL (${apiUrl}) does not point at a Service in front of a Deployment (PgBouncer)`);
  else {
    const volumeConfigMaps: string[] = (bouncer.spec.template.spec.volumes ?? []).flatMap((v: Doc) =>
      (v.projected?.sources ?? [v]).map((s: Doc) => s.configMap?.name).filter(Boolean),
    );
    const ini = volumeConfigMaps.map((name) => find('ConfigMap', name)).find((cm) => cm && 'pgbouncer.ini' in (cm.data ?? {}));
    if (!ini) problem(bouncer, 'mounts no ConfigMap with pgbouncer.ini');
    else {
      const pg = pgbouncerSettings(ini);
      if (pg.pool_mode !== 'transaction') problem(ini, `pool_mode ${pg.pool_mode}, expected transaction`);
      if (!(Number(pg.max_prepared_statements) > 0)) problem(ini, 'max_prepared_statements is off: the named statements need it in transaction mode');
      const servicePort = bouncerService.spec.ports.find((p: Doc) => p.port === Number(new URL(apiUrl!).port || 5432));
      if (!servicePort) problem(bouncerService, `has no port ${new URL(apiUrl!).port} of DATABASE_URL`);
      else if (containerPort(containersOf(bouncer), servicePort.targetPort ?? servicePort.port) !== Number(pg.listen_port))
        problem(bouncerService, `targets another port than PgBouncer's listen_port ${pg.listen_port}`);
      figures.pgbouncerPool = Number(pg.default_pool_size);
    }
    figures.pgbouncerReplicas = bouncer.spec.replicas ?? 1;
  }
  if (worker && apiUrl) {
    // The worker's pool may go through PgBouncer; its runners' LISTEN connection (DATABASE_LISTEN_URL) must not.
    const ref = envValue(appContainers(worker)[0], 'DATABASE_LISTEN_URL')?.valueFrom?.secretKeyRef;
    const url = ref ? find('Secret', ref.name)?.stringData?.[ref.key] : undefined;
    if (!url || new URL(url).hostname === new URL(apiUrl).hostname)
      problem(worker, 'DATABASE_LISTEN_URL is missing or goes through PgBouncer: the projection runners LISTEN on it, which needs a direct session');
  }
  for (const job of migrations) {
    const ref = envValue(appContainers(job)[0], 'DATABASE_URL')?.valueFrom?.secretKeyRef;
    if (!ref) problem(job, 'migrates through PgBouncer: give it the direct DATABASE_URL');
  }
  return { problems: [...new Set(problems)], figures };
}

const kubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Sorts lists of named items, so two renderings compare regardless of the order a merge left them in. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(normalize);
    return items.every((i) => isObject(i) && typeof i.name === 'string') ? [...items].sort((a, b) => String((a as Doc).name).localeCompare(String((b as Doc).name))) : items;
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]));
  return value;
}
const byId = (docs: Doc[]) => Object.fromEntries(docs.map((d) => [`${d.kind}/${d.metadata.name}`, normalize(d)]));

describe('Kubernetes manifests (issue 20)', () => {
  const files = yamlFiles(K8S);
  const kustomizations = files.filter((f) => f.endsWith('/kustomization.yaml'));

  it('every YAML file parses, and every document is a known kind with apiVersion and metadata.name', () => {
    expect(files.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const file of files) {
      const docs = loadDocs(file);
      if (!docs.length) problems.push(`${rel(file)}: no document`);
      for (const doc of docs) {
        const expected = file.endsWith('/kustomization.yaml') ? { [KUSTOMIZATION.kind]: KUSTOMIZATION.apiVersion } : KINDS;
        if (!(doc.kind in expected)) problems.push(`${rel(file)}: unknown kind ${doc.kind}`);
        else if (doc.apiVersion !== expected[doc.kind]) problems.push(`${rel(file)}: ${doc.kind} with apiVersion ${doc.apiVersion}`);
        if (doc.kind !== 'Kustomization' && typeof doc.metadata?.name !== 'string') problems.push(`${rel(file)}: ${doc.kind} without metadata.name`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('each kustomization lists only files that exist, every manifest is listed by one, and overlays build on ../../base', () => {
    const problems: string[] = [];
    const listed = new Set<string>(kustomizations);
    for (const file of kustomizations) {
      const dir = resolve(file, '..');
      const k = readKustomization(dir);
      for (const entry of k.resources ?? []) {
        const path = resolve(dir, entry);
        if (!existsSync(path)) problems.push(`${rel(file)}: resource ${entry} does not exist`);
        else if (statSync(path).isDirectory() && !existsSync(join(path, 'kustomization.yaml'))) problems.push(`${rel(file)}: ${entry} has no kustomization.yaml`);
        listed.add(path);
      }
      for (const { path } of k.patches ?? []) {
        if (!path || !existsSync(resolve(dir, path))) problems.push(`${rel(file)}: patch ${path} does not exist`);
        else listed.add(resolve(dir, path));
      }
      if (rel(dir).startsWith('overlays/') && JSON.stringify(k.resources) !== JSON.stringify(['../../base'])) problems.push(`${rel(file)}: resources should be [../../base]`);
    }
    for (const file of files) if (!listed.has(file)) problems.push(`${rel(file)}: listed by no kustomization.yaml`);
    expect(kustomizations.map(rel).sort()).toEqual(INSTALLS.map((i) => `${i}/kustomization.yaml`).sort());
    expect(problems).toEqual([]);
  });

  it.each(INSTALLS)('%s renders into a consistent install (and as kubectl kustomize renders it, where kubectl is installed)', (install) => {
    const docs = render(join(K8S, install));
    expect(checkInstall(docs).problems).toEqual([]);
    expect(docs.every((d) => d.kind === 'Namespace' || d.metadata.namespace === 'kioku')).toBe(true);
    // The emulation is checked against the real thing wherever kubectl exists (it does on the CI machine); a
    // machine without it still runs every check above.
    if (kubectl) {
      const rendered = (loadAll(execFileSync('kubectl', ['kustomize', join(K8S, install)], { encoding: 'utf8' })) as Doc[]).filter(Boolean);
      expect(checkInstall(rendered).problems).toEqual([]);
      expect(byId(rendered)).toEqual(byId(docs));
    }
  });

  it('the overlays size the install: small 1–2 api pods and 1 worker, large 3–12 api pods, 3 workers and bigger PgBouncer pools', () => {
    const base = checkInstall(render(join(K8S, 'base'))).figures;
    const small = checkInstall(render(join(K8S, 'overlays/small'))).figures;
    const large = checkInstall(render(join(K8S, 'overlays/large'))).figures;
    expect(small).toEqual({ apiHpa: [1, 2], workerReplicas: 1, pgbouncerReplicas: 1, pgbouncerPool: 20 });
    expect(large).toEqual({ apiHpa: [3, 12], workerReplicas: 3, pgbouncerReplicas: 3, pgbouncerPool: 60 });
    expect(base).toEqual({ apiHpa: [2, 6], workerReplicas: 2, pgbouncerReplicas: 2, pgbouncerPool: 20 });
  });

  it('the check refuses broken manifests', () => {
    const base = render(join(K8S, 'base'));
    const broken = (change: (docs: Doc[]) => void) => {
      const docs = clone(base);
      change(docs);
      return checkInstall(docs).problems.join('\n');
    };
    const get = (docs: Doc[], kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name)!;
    const apiContainer = (docs: Doc[]) => get(docs, 'Deployment', 'kioku-api').spec.template.spec.containers[0];
    expect(broken((d) => (get(d, 'ConfigMap', 'kioku-config').data.MEDIA_SHUTDOWN_GRACE = '1'))).toMatch(/MEDIA_SHUTDOWN_GRACE is not a setting/);
    expect(broken((d) => delete apiContainer(d).readinessProbe)).toMatch(/readinessProbe is not an httpGet of \/api\/health/);
    expect(broken((d) => (apiContainer(d).livenessProbe.httpGet.port = 8080))).toMatch(/livenessProbe does not probe the container port/);
    expect(broken((d) => (get(d, 'Service', 'kioku-api').spec.ports[0].targetPort = 8080))).toMatch(/targets 8080/);
    expect(broken((d) => (get(d, 'HorizontalPodAutoscaler', 'kioku-api').spec.scaleTargetRef.name = 'kioku-web'))).toMatch(/scaleTargetRef Deployment\/kioku-web/);
    expect(broken((d) => (get(d, 'PodDisruptionBudget', 'kioku-worker').spec.selector.matchLabels['app.kubernetes.io/component'] = 'workers'))).toMatch(/selector matches 0 Deployments/);
    expect(broken((d) => (get(d, 'Job', 'kioku-migrate').spec.template.spec.containers[0].command[2] = 'db:migrations'))).toMatch(/db:migrate, found 0/);
    expect(broken((d) => (get(d, 'Job', 'kioku-migrate').spec.template.spec.restartPolicy = 'Always'))).toMatch(/restartPolicy Always/);
    expect(broken((d) => (apiContainer(d).envFrom[1].secretRef.name = 'kioku-secret'))).toMatch(/envFrom Secret kioku-secret does not exist/);
    expect(broken((d) => (get(d, 'Secret', 'kioku-secrets').stringData.STRIPE_SECRET_KEY = 'sk_live_abc'))).toMatch(/STRIPE_SECRET_KEY holds something other/);
    expect(broken((d) => (get(d, 'ConfigMap', 'kioku-config').data.PORT = 3000))).toMatch(/PORT is not a string/);
    expect(broken((d) => (get(d, 'Deployment', 'kioku-worker').spec.template.spec.containers[0].env = [{ name: 'ROLE', value: 'worker' }]))).toMatch(/LISTEN/);
    expect(broken((d) => (get(d, 'ConfigMap', 'kioku-pgbouncer').data['pgbouncer.ini'] = get(d, 'ConfigMap', 'kioku-pgbouncer').data['pgbouncer.ini'].replace('= transaction', '= session')))).toMatch(/pool_mode session/);
    expect(broken((d) => d.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'stray' } }))).toMatch(/Pod\/stray: unknown kind/);
  });

  it.each(INSTALLS)('%s: the API believes X-Forwarded-For from the private network (the Ingress) only, never from everyone (issue 28)', (install) => {
    const config = render(join(K8S, install)).find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'kioku-config')!;
    // The ConfigMap is what the pods' environment is made of: it must be a valid configuration as a whole.
    const trustProxy = loadConfig(config.data).TRUST_PROXY;
    expect(Array.isArray(trustProxy)).toBe(true);
    expect(trustProxy).toEqual(expect.arrayContaining(['10.0.0.0/8']));
  });
});
