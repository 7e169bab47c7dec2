'use strict';
// Offline checks of the rendered manifests (scripts/k8s-verify.sh renders each overlay with `kubectl kustomize` and
// runs this once per overlay):
//   1. schema: every built-in object against the Kubernetes OpenAPI schema (kubernetes-models' validators: types,
//      required fields, enums, formats), plus unknown fields (the validators allow them; a typo such as
//      `readinesProbe` would pass), found by walking the models' type declarations. CloudNativePG's Cluster has no
//      model here: its fields are checked against the subset of the CRD this repository uses.
//   2. cross-checks against the services' own configuration: image, port, probe paths, every environment variable
//      (read by the service's application.properties or a runtime key of one of its Quarkus extensions), required
//      keys set, hosts/ports resolve to Services, network policies allow every call the configuration makes,
//      writable paths on mounted volumes, database connections within max_connections.
// Usage: node verify.cjs ROOT OVERLAY RENDERED.yaml   (exit 1 with one line per problem)
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const YAML = require('yaml');

const [ROOT, OVERLAY, RENDERED] = process.argv.slice(2);
const problems = [];
const fail = (what) => problems.push(`${OVERLAY}: ${what}`);
let checks = 0;
const check = (ok, what) => { checks++; if (!ok) fail(what); return ok; };

const docs = YAML.parseAllDocuments(fs.readFileSync(RENDERED, 'utf8')).map((d) => d.toJS()).filter(Boolean);
const objects = docs.map((o) => ({ o, id: `${o.kind}/${o.metadata && o.metadata.name}` }));

// ---------- 1. schema ----------
const MODELS = path.dirname(require.resolve('kubernetes-models/package.json'));
const APIMACHINERY = path.dirname(require.resolve('@kubernetes-models/apimachinery/package.json'));

// alias (IIoK8s…) → { file, iface } from the models' .d.ts files; interfaces parsed on demand
const aliases = new Map();
(function index(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) { if (entry.name !== 'node_modules' && entry.name !== '_schemas') index(p); continue; }
    if (!entry.name.endsWith('.d.ts')) continue;
    const text = fs.readFileSync(p, 'utf8');
    const m = /export \{ (I\w+) as (IIoK8s\w+),/.exec(text);
    if (m) aliases.set(m[2], { file: p, iface: m[1] });
  }
})(MODELS);
(function index(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) { if (entry.name !== 'node_modules' && entry.name !== '_schemas') index(p); continue; }
    if (!entry.name.endsWith('.d.ts')) continue;
    const m = /export \{ (I\w+) as (IIoK8s\w+),/.exec(fs.readFileSync(p, 'utf8'));
    if (m) aliases.set(m[2], { file: p, iface: m[1] });
  }
})(APIMACHINERY);

const ifaceCache = new Map();
function propsOf(file, iface) { // → Map(prop → { kind: 'object'|'array'|'map'|'scalar', ref })
  const key = `${file}#${iface}`;
  if (ifaceCache.has(key)) return ifaceCache.get(key);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith(`export interface ${iface} `));
  if (start < 0) { ifaceCache.set(key, null); return null; }
  const props = new Map();
  for (let i = start + 1; i < lines.length && !lines[i].startsWith('}'); i++) {
    const m = /^ {4}"([^"]+)"\??: (.*)$/.exec(lines[i]);
    if (!m) continue;
    const type = m[2];
    const ref = (/IIoK8s\w+/.exec(type) || [])[0];
    let kind = 'scalar';
    if (type.endsWith('{')) kind = 'map';
    else if (type.startsWith('Array<') && ref) kind = 'array';
    else if (ref) kind = 'object';
    props.set(m[1], { kind, ref });
  }
  ifaceCache.set(key, props);
  return props;
}
function unknownFields(value, file, iface, at) {
  const props = propsOf(file, iface);
  if (!props || value === null || typeof value !== 'object' || Array.isArray(value)) return;
  for (const [k, v] of Object.entries(value)) {
    const prop = props.get(k);
    if (!check(prop, `${at}.${k}: unknown field`)) continue;
    if (!prop.ref || !aliases.has(prop.ref)) continue; // a type alias (Quantity, IntOrString, Time …) or a map
    const target = aliases.get(prop.ref);
    if (prop.kind === 'array' && Array.isArray(v)) v.forEach((e, i) => unknownFields(e, target.file, target.iface, `${at}.${k}[${i}]`));
    else if (prop.kind === 'object') unknownFields(v, target.file, target.iface, `${at}.${k}`);
  }
}

// CloudNativePG Cluster: the fields this repository uses, nested; `true` = a leaf (value type below)
const CNPG_CLUSTER = {
  apiVersion: 'string', kind: 'string',
  metadata: { name: 'string', namespace: 'string', labels: 'map', annotations: 'map' },
  spec: {
    instances: 'integer', imageName: 'string', primaryUpdateStrategy: ['unsupervised', 'supervised'],
    bootstrap: { initdb: { database: 'string', owner: 'string', secret: { name: 'string' }, postInitApplicationSQL: 'strings' } },
    postgresql: { parameters: 'stringmap' },
    storage: { size: 'quantity', storageClass: 'string' },
    resources: { requests: 'map', limits: 'map' },
    affinity: { enablePodAntiAffinity: 'boolean', topologyKey: 'string', podAntiAffinityType: ['preferred', 'required'] },
  },
};
function cnpg(value, schema, at) {
  for (const [k, v] of Object.entries(value || {})) {
    const s = schema[k];
    if (!check(s !== undefined, `${at}.${k}: not a field this repository's Cluster check knows (CRD subset)`)) continue;
    if (Array.isArray(s)) check(s.includes(v), `${at}.${k}: ${v} is not one of ${s.join(', ')}`);
    else if (typeof s === 'object') cnpg(v, s, `${at}.${k}`);
    else if (s === 'integer') check(Number.isInteger(v) && v > 0, `${at}.${k}: must be a positive integer`);
    else if (s === 'string') check(typeof v === 'string' && v.length > 0, `${at}.${k}: must be a string`);
    else if (s === 'boolean') check(typeof v === 'boolean', `${at}.${k}: must be a boolean`);
    else if (s === 'strings') check(Array.isArray(v) && v.every((e) => typeof e === 'string'), `${at}.${k}: must be a list of strings`);
    else if (s === 'stringmap') check(Object.values(v).every((e) => typeof e === 'string'), `${at}.${k}: values must be strings (PostgreSQL parameters)`);
    else if (s === 'quantity') check(/^\d+(\.\d+)?(Ki|Mi|Gi|Ti|k|M|G|T)?$/.test(String(v)), `${at}.${k}: not a quantity`);
  }
}

let schemaChecked = 0;
for (const { o, id } of objects) {
  if (o.apiVersion === 'postgresql.cnpg.io/v1' && o.kind === 'Cluster') {
    cnpg(o, CNPG_CLUSTER, id);
    check(o.spec && o.spec.instances && o.spec.storage && o.spec.storage.size, `${id}: spec.instances and spec.storage.size are required`);
    schemaChecked++;
    continue;
  }
  const group = o.apiVersion.includes('/') ? o.apiVersion : `v1`;
  const modelPath = `kubernetes-models/${group === 'v1' ? 'v1' : o.apiVersion}/${o.kind}`;
  let Model;
  try { Model = require(modelPath)[o.kind]; } catch (e) { Model = null; }
  if (!check(Model, `${id}: no schema for ${o.apiVersion} ${o.kind} (unknown kind or API version)`)) continue;
  try { new Model(o).validate(); checks++; } catch (e) { fail(`${id}: ${e.message}`); }
  const dts = require.resolve(`${modelPath}`).replace(/\.js$/, '.d.ts');
  unknownFields(o, dts, `I${o.kind}`, id);
  schemaChecked++;
}

// ---------- 2. cross-checks against the services' configuration ----------
const version = /<artifactId>brain-parent<\/artifactId>\s*<version>([^<]+)<\/version>/.exec(fs.readFileSync(path.join(ROOT, 'pom.xml'), 'utf8'))[1];
const HEALTH_PATHS = ['/q/health', '/q/health/live', '/q/health/ready', '/q/health/started'];
// read by the image's start script or a library, not by Quarkus configuration
const RUNTIME_ENV = {
  JAVA_OPTS_APPEND: 'all', JAVA_MAX_MEM_RATIO: 'all', JAVA_INITIAL_MEM_RATIO: 'all', OPT_OUT_TRACKING: 'memory-service',
  DJL_CACHE_DIR: 'memory-service',
};
const envName = (key) => key.toUpperCase().replace(/[^A-Z0-9]/g, '_');

const services = new Map();
function service(name) {
  if (services.has(name)) return services.get(name);
  const dir = path.join(ROOT, name);
  const propsFile = path.join(dir, 'src/main/resources/application.properties');
  if (!fs.existsSync(propsFile)) { services.set(name, null); return null; }
  const props = {}; // key (with %profile.) → value
  for (const line of fs.readFileSync(propsFile, 'utf8').split('\n')) {
    const m = /^\s*([^#!\s][^=]*?)\s*=\s*(.*)$/.exec(line);
    if (m) props[m[1]] = m[2];
  }
  const placeholders = new Map(); // ENV → default for the prod profile (undefined: none)
  for (const [key, value] of Object.entries(props)) {
    if (/^%(test|dev)\./.test(key)) continue;
    for (const m of value.matchAll(/\$\{([A-Z][A-Z0-9_]*)(?::([^}]*))?\}/g)) {
      if (key.startsWith('%prod.') || !placeholders.has(m[1])) placeholders.set(m[1], m[2]);
    }
  }
  const keys = new Set(Object.keys(props).filter((k) => !k.startsWith('%')).map(envName));
  const pom = fs.readFileSync(path.join(dir, 'pom.xml'), 'utf8');
  const dockerfile = path.join(dir, 'src/main/docker/Dockerfile.jvm');
  const docker = fs.existsSync(dockerfile) ? fs.readFileSync(dockerfile, 'utf8') : '';
  // the runtime keys of every Quarkus extension in the built application (their config model, shipped in the jars)
  const lib = path.join(dir, 'target/quarkus-app/lib/main');
  let quarkusKeys = null;
  if (fs.existsSync(lib)) {
    quarkusKeys = [];
    // one python3 process reads the config models of every jar (an unzip per jar costs seconds)
    const models = JSON.parse(execFileSync('python3', ['-c', `
import json, os, sys, zipfile
out = []
for jar in sorted(os.listdir(sys.argv[1])):
    if jar.endswith('.jar'):
        with zipfile.ZipFile(os.path.join(sys.argv[1], jar)) as z:
            if 'META-INF/quarkus-config-doc/quarkus-config-model.json' in z.namelist():
                out.append(json.loads(z.read('META-INF/quarkus-config-doc/quarkus-config-model.json')))
print(json.dumps(out))`, lib], { maxBuffer: 256 << 20 }).toString());
    (function walk(n) {
      if (Array.isArray(n)) { n.forEach(walk); return; }
      if (!n || typeof n !== 'object') return;
      if (n.path && typeof n.path === 'object' && n.path.property) {
        const pattern = n.path.property.split('.').map((x) => (x.startsWith('"') || x === '*' ? '[A-Z0-9_]+' : envName(x))).join('_');
        quarkusKeys.push({ property: n.path.property, phase: n.phase, re: new RegExp(`^${pattern}$`) });
      }
      Object.values(n).forEach(walk);
    })(models);
  }
  const s = {
    name, props, placeholders, keys, quarkusKeys,
    port: Number(props['quarkus.http.port']),
    health: pom.includes('<artifactId>quarkus-smallrye-health</artifactId>')
      && !props['quarkus.smallrye-health.root-path'] && !props['quarkus.http.non-application-root-path'],
    expose: (/^EXPOSE\s+(\d+)/m.exec(docker) || [])[1],
    user: (/^USER\s+(\d+)/m.exec(docker) || [])[1],
    nativeUser: (/^USER\s+(\d+)/m.exec(fs.existsSync(dockerfile.replace(/jvm$/, 'native-micro'))
      ? fs.readFileSync(dockerfile.replace(/jvm$/, 'native-micro'), 'utf8') : '') || [])[1],
  };
  services.set(name, s);
  return s;
}

const byKind = (kind) => objects.filter(({ o }) => o.kind === kind).map(({ o }) => o);
const configMaps = new Map(byKind('ConfigMap').map((c) => [c.metadata.name, c.data || {}]));
const secrets = new Map(byKind('Secret').map((c) => [c.metadata.name, { ...(c.data || {}), ...(c.stringData || {}) }]));
// Secrets the operator creates before applying (deploy/README.md); every other reference must be rendered
const EXTERNAL_SECRETS = { dev: ['brain-admin-token', 'brain-service-token'], prod: ['brain-admin-token', 'brain-db-credentials', 'brain-service-token'] }[OVERLAY] || [];
const workloads = [...byKind('Deployment'), ...byKind('StatefulSet')];
const clusters = byKind('Cluster');
const matches = (selector, labels) => Object.entries(selector || {}).every(([k, v]) => labels && labels[k] === v);
const podsOf = (selector) => [
  ...workloads.filter((w) => matches(selector, w.spec.template.metadata.labels)).map((w) => w.spec.template),
  ...clusters.filter((c) => matches(selector, { 'cnpg.io/cluster': c.metadata.name })).map((c) => ({ cluster: c, metadata: { labels: { 'cnpg.io/cluster': c.metadata.name } } })),
];
function serviceTarget(host, port) { // → pod labels behind a Service name and port, or null
  const svc = byKind('Service').find((s) => s.metadata.name === host);
  if (svc) {
    const p = svc.spec.ports.find((x) => x.port === port);
    if (!p) return { error: `Service ${host} has no port ${port}` };
    return { labels: svc.spec.selector, targetPort: p.targetPort };
  }
  const cluster = clusters.find((c) => [`${c.metadata.name}-rw`, `${c.metadata.name}-ro`, `${c.metadata.name}-r`].includes(host));
  if (cluster) return port === 5432 ? { labels: { 'cnpg.io/cluster': cluster.metadata.name }, targetPort: 5432 } : { error: `${host} listens on 5432` };
  return { error: `no Service named ${host} in the overlay` };
}
function containerPortNumber(template, port) {
  if (typeof port === 'number') return port;
  for (const c of (template.spec && template.spec.containers) || []) for (const p of c.ports || []) if (p.name === port) return p.containerPort;
  return null;
}
function allowed(fromLabels, toLabels, port) { // do the namespace's NetworkPolicies let this pod reach that one?
  const policies = byKind('NetworkPolicy').filter((np) => matches(np.spec.podSelector.matchLabels, toLabels)
    && (np.spec.policyTypes || ['Ingress']).includes('Ingress'));
  if (policies.length === 0) return true;
  const target = podsOf(toLabels)[0];
  return policies.some((np) => (np.spec.ingress || []).some((rule) => {
    const fromOk = !rule.from || rule.from.some((f) => f.podSelector && !f.namespaceSelector && matches(f.podSelector.matchLabels, fromLabels));
    const portOk = !rule.ports || rule.ports.some((p) => p.port === port || (target && target.spec && containerPortNumber(target, p.port) === port));
    return fromOk && portOk;
  }));
}
function mountedVolume(template, container, file) { // the volume a path lies on, or null
  const mounts = (container.volumeMounts || []).filter((m) => file === m.mountPath || file.startsWith(m.mountPath + '/'))
    .sort((a, b) => b.mountPath.length - a.mountPath.length);
  return mounts.length ? (template.spec.volumes || []).find((v) => v.name === mounts[0].name) : null;
}

let connections = 0;
let maxConnections = null;
for (const w of workloads) {
  const template = w.spec.template;
  for (const c of template.spec.containers) {
    const image = /^(?:.*\/)?brain\/([a-z-]+):(.+)$/.exec(c.image);
    const id = `${w.kind}/${w.metadata.name} container ${c.name}`;
    if (!image) {
      if (w.kind === 'StatefulSet') for (const a of c.args || []) { const m = /^max_connections=(\d+)$/.exec(a); if (m) maxConnections = Number(m[1]); }
      continue;
    }
    const s = service(image[1]);
    if (!check(s, `${id}: image ${c.image} names no module with src/main/resources/application.properties`)) continue;
    check(image[2] === version, `${id}: image tag ${image[2]} is not the Maven project version ${version} (./brain images tags with it)`);
    check(s.expose && Number(s.expose) === s.port, `${image[1]}/src/main/docker/Dockerfile.jvm: EXPOSE ${s.expose} is not quarkus.http.port ${s.port}`);
    // ports and probes
    const http = (c.ports || []).find((p) => p.name === 'http');
    check(http && http.containerPort === s.port, `${id}: containerPort http must be quarkus.http.port ${s.port} of ${s.name}`);
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      const get = c[probe] && c[probe].httpGet;
      if (!check(get, `${id}: ${probe} must be an httpGet on the health endpoint`)) continue;
      check(s.health && HEALTH_PATHS.includes(get.path), `${id}: ${probe} path ${get.path} is not a health endpoint of ${s.name} (${HEALTH_PATHS.join(', ')}; needs quarkus-smallrye-health)`);
      check(containerPortNumber(template, get.port) === s.port, `${id}: ${probe} port ${get.port} is not ${s.name}'s port ${s.port}`);
    }
    // non-root, read-only root file system, user of the image
    const psc = template.spec.securityContext || {};
    const csc = c.securityContext || {};
    check(psc.runAsNonRoot === true || csc.runAsNonRoot === true, `${id}: runAsNonRoot must be true`);
    check(String(csc.runAsUser || psc.runAsUser) === s.user, `${id}: runAsUser ${csc.runAsUser || psc.runAsUser} is not the image's USER ${s.user}`);
    check(!s.nativeUser || s.nativeUser === s.user, `${s.name}: Dockerfile.native-micro runs as ${s.nativeUser}, Dockerfile.jvm as ${s.user}: one manifest must fit both`);
    check(csc.readOnlyRootFilesystem === true, `${id}: readOnlyRootFilesystem must be true`);
    const tmp = mountedVolume(template, c, '/tmp');
    check(tmp && tmp.emptyDir, `${id}: /tmp must be a writable emptyDir (java.io.tmpdir)`);
    // environment: every variable read by the service, every required one set
    const env = new Map();
    for (const e of c.envFrom || []) {
      if (e.configMapRef) {
        const data = configMaps.get(e.configMapRef.name);
        if (check(data || e.configMapRef.optional, `${id}: ConfigMap ${e.configMapRef.name} is not in the overlay`)) Object.entries(data || {}).forEach(([k, v]) => env.set(k, { value: v, from: `ConfigMap ${e.configMapRef.name}` }));
      }
      if (e.secretRef) {
        const data = secrets.get(e.secretRef.name);
        check(data || e.secretRef.optional || EXTERNAL_SECRETS.includes(e.secretRef.name), `${id}: Secret ${e.secretRef.name} is neither in the overlay nor optional`);
        Object.keys(data || {}).forEach((k) => env.set(k, { secret: true, from: `Secret ${e.secretRef.name}` }));
      }
    }
    for (const e of c.env || []) {
      if (e.valueFrom && e.valueFrom.secretKeyRef) {
        const ref = e.valueFrom.secretKeyRef;
        const data = secrets.get(ref.name);
        check(EXTERNAL_SECRETS.includes(ref.name) ? !data : data && ref.key in data, `${id}: ${e.name}: Secret ${ref.name} key ${ref.key} is not in the overlay (nor a documented Secret the operator creates)`);
        env.set(e.name, { secret: true, from: `Secret ${ref.name}` });
      } else env.set(e.name, { value: e.value, from: 'env' });
    }
    for (const [name, { from }] of env) {
      let ok = s.placeholders.has(name) || s.keys.has(name) || (RUNTIME_ENV[name] && (RUNTIME_ENV[name] === 'all' || RUNTIME_ENV[name] === s.name));
      if (name.startsWith('QUARKUS_') && s.quarkusKeys) {
        const key = s.quarkusKeys.find((k) => k.re.test(name));
        ok = check(!key || key.phase === 'RUN_TIME', `${id}: ${name} (${from}) is ${key && key.property}, fixed at build time: setting it at run time has no effect`) && (ok || !!key);
      } else if (!ok && name.startsWith('QUARKUS_') && !s.quarkusKeys) {
        console.log(`k8s-verify: ${OVERLAY}: ${name} of ${s.name} not checked (${s.name} is not built: no target/quarkus-app)`);
        ok = true;
      }
      check(ok, `${id}: ${name} (${from}) is not read by ${s.name}: neither in its application.properties nor a runtime key of its Quarkus extensions`);
    }
    const value = (name) => env.get(name) && env.get(name).value;
    for (const [name, def] of s.placeholders) {
      const loopback = def !== undefined && /127\.0\.0\.1|localhost/.test(def);
      const relative = def !== undefined && /^[a-z][\w.-]*\//.test(def); // a path in the working directory: read-only here
      const needed = name === 'BRAIN_EMBEDDING_URL' ? value('BRAIN_EMBEDDING_PROVIDER') === 'openai' : loopback || relative || def === undefined;
      if (needed) check(env.has(name), `${id}: ${s.name} needs ${name} (its default ${def === undefined ? '(none)' : def} cannot work in a cluster)`);
    }
    for (const name of ['BRAIN_DB_USER', 'BRAIN_DB_PASSWORD', 'BRAIN_SERVICE_TOKEN']) {
      if (s.placeholders.has(name)) check(env.get(name) && env.get(name).secret, `${id}: ${name} must come from a Secret`);
    }
    // where the configuration points: Services, network policy, volumes
    for (const [name, e] of env) {
      const m = /^BRAIN_([A-Z]+)_HOST$/.exec(name);
      if (!m || e.value === undefined) continue;
      const port = Number(value(`BRAIN_${m[1]}_PORT`));
      if (!check(port, `${id}: ${name} is set without BRAIN_${m[1]}_PORT`)) continue;
      const t = serviceTarget(e.value, port);
      if (!check(!t.error, `${id}: ${name}=${e.value}:${port}: ${t.error}`)) continue;
      const pods = podsOf(t.labels);
      if (!check(pods.length > 0, `${id}: Service ${e.value} selects no pod`)) continue;
      const targetPort = containerPortNumber(pods[0], t.targetPort);
      const callee = /brain\/([a-z-]+):/.exec(((pods[0].spec && pods[0].spec.containers[0].image) || ''));
      if (callee && service(callee[1])) check(targetPort === service(callee[1]).port, `${id}: ${name}=${e.value}:${port} reaches port ${targetPort}, ${callee[1]} listens on ${service(callee[1]).port}`);
      check(allowed(template.metadata.labels, pods[0].metadata.labels, targetPort), `${id}: the NetworkPolicies do not let ${w.metadata.name} reach ${e.value}:${targetPort} (${name})`);
    }
    const db = /^jdbc:postgresql:\/\/([^:/]+)(?::(\d+))?\//.exec(value('BRAIN_DB_URL') || '');
    if (check(db, `${id}: BRAIN_DB_URL must be a jdbc:postgresql://host:port/db URL`)) {
      const t = serviceTarget(db[1], Number(db[2] || 5432));
      if (check(!t.error, `${id}: BRAIN_DB_URL: ${t.error}`)) {
        const pods = podsOf(t.labels);
        check(pods.length > 0 && allowed(template.metadata.labels, pods[0].metadata.labels, 5432), `${id}: the NetworkPolicies do not let ${w.metadata.name} reach the database ${db[1]}:5432`);
      }
    }
    for (const [name, kind] of [['DJL_CACHE_DIR', 'emptyDir'], ['BRAIN_KNOWLEDGE_ROOT', 'persistentVolumeClaim'], ['BRAIN_LOCAL_TOKEN_FILE', 'secret']]) {
      const p = value(name);
      if (!p) continue;
      const v = mountedVolume(template, c, p);
      check(v && v[kind], `${id}: ${name}=${p} must lie on a mounted ${kind} volume (the root file system is read-only)`);
      if (v && v.persistentVolumeClaim) check(byKind('PersistentVolumeClaim').some((pvc) => pvc.metadata.name === v.persistentVolumeClaim.claimName), `${id}: PersistentVolumeClaim ${v.persistentVolumeClaim.claimName} is not in the overlay`);
      if (v && v.secret) check(EXTERNAL_SECRETS.includes(v.secret.secretName) || secrets.has(v.secret.secretName), `${id}: Secret ${v.secret.secretName} is not in the overlay`);
    }
    // database connections at most: (replicas, or the autoscaler's maximum, + the rolling update's surge) × pool
    const hpa = byKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === w.metadata.name);
    const replicas = hpa ? hpa.spec.maxReplicas : (w.spec.replicas || 1);
    const surge = (w.spec.strategy && w.spec.strategy.type === 'Recreate') ? 0 : 1;
    const pool = Number(value('QUARKUS_DATASOURCE_JDBC_MAX_SIZE') || 20);
    connections += (replicas + surge) * pool;
    console.log(`k8s-verify: ${OVERLAY}: ${w.metadata.name}: ${replicas}${hpa ? ' (autoscaler max)' : ''} + ${surge} replicas × pool ${pool} = ${(replicas + surge) * pool} connections`);
  }
}
for (const c of clusters) maxConnections = Number(c.spec.postgresql && c.spec.postgresql.parameters && c.spec.postgresql.parameters.max_connections || 100);
if (check(maxConnections, `no database in the overlay (a StatefulSet with max_connections or a CloudNativePG Cluster)`)) {
  // 3 superuser connections, and room for a person with psql and the operator's own
  check(connections <= maxConnections - 13, `the services may open ${connections} connections; the database allows ${maxConnections} (minus 13 reserved)`);
  console.log(`k8s-verify: ${OVERLAY}: database connections at most ${connections} of max_connections ${maxConnections}`);
}
// every selector selects something
for (const o of [...byKind('Service'), ...byKind('PodDisruptionBudget')]) {
  const sel = o.kind === 'Service' ? o.spec.selector : o.spec.selector.matchLabels;
  check(podsOf(sel).length > 0, `${o.kind}/${o.metadata.name}: selector ${JSON.stringify(sel)} selects no pod`);
}
for (const np of byKind('NetworkPolicy')) check(np.spec.podSelector.matchLabels === undefined || podsOf(np.spec.podSelector.matchLabels).length > 0, `NetworkPolicy/${np.metadata.name}: selects no pod`);
// every workload and database is covered: ingress is denied by default, each has a policy of its own, the services'
// gRPC is open only to Brain's pods and namespaces labelled brain.dev/grpc-client=true, the database only to Brain's pods
// (and, for a CloudNativePG cluster, its own instances and the operator's namespace)
const policies = byKind('NetworkPolicy').filter((np) => (np.spec.policyTypes || ['Ingress']).includes('Ingress'));
check(policies.some((np) => Object.keys(np.spec.podSelector.matchLabels || {}).length === 0 && !(np.spec.ingress || []).length),
  'no default-deny ingress NetworkPolicy (podSelector {} with no ingress rule)');
const coverage = [...workloads.map((w) => ({ name: `${w.kind}/${w.metadata.name}`, labels: w.spec.template.metadata.labels })),
  ...clusters.map((c) => ({ name: `Cluster/${c.metadata.name}`, labels: { 'cnpg.io/cluster': c.metadata.name }, cluster: true }))];
for (const { name, labels, cluster } of coverage) {
  const own = policies.filter((np) => Object.keys(np.spec.podSelector.matchLabels || {}).length > 0 && matches(np.spec.podSelector.matchLabels, labels));
  if (!check(own.length > 0, `${name}: no NetworkPolicy of its own (only the default deny): nothing may reach it, or a policy is missing`)) continue;
  const component = labels['app.kubernetes.io/component'];
  const database = cluster || labels['app.kubernetes.io/name'] === 'brain-db';
  if (component !== 'service' && !database) continue; // the gateway is the one entry from outside
  for (const np of own) for (const rule of np.spec.ingress || []) {
    check(rule.from && rule.from.length > 0, `${name}: NetworkPolicy/${np.metadata.name} has a rule open to every pod`);
    for (const f of rule.from || []) {
      const selected = f.podSelector && !f.namespaceSelector && Object.keys(f.podSelector.matchLabels || {}).length > 0
        ? podsOf(f.podSelector.matchLabels) : [];
      const brainPod = selected.length > 0 && selected.every((pod) => pod.metadata.labels['app.kubernetes.io/part-of'] === 'brain'
        || (cluster && pod.metadata.labels['cnpg.io/cluster'] === labels['cnpg.io/cluster']));
      const clients = !database && f.namespaceSelector && !f.podSelector && matches({ 'brain.dev/grpc-client': 'true' }, f.namespaceSelector.matchLabels);
      const operator = cluster && f.namespaceSelector && !f.podSelector && matches({ 'kubernetes.io/metadata.name': 'cnpg-system' }, f.namespaceSelector.matchLabels);
      check(brainPod || clients || operator, `${name}: NetworkPolicy/${np.metadata.name} lets ${JSON.stringify(f)} in: only Brain's pods${database ? '' : ' and namespaces labelled brain.dev/grpc-client=true'} may`);
    }
  }
}
for (const h of byKind('HorizontalPodAutoscaler')) check(workloads.some((w) => w.kind === h.spec.scaleTargetRef.kind && w.metadata.name === h.spec.scaleTargetRef.name), `HorizontalPodAutoscaler/${h.metadata.name}: no ${h.spec.scaleTargetRef.kind} ${h.spec.scaleTargetRef.name}`);

if (problems.length) {
  problems.forEach((p) => console.error(`k8s-verify: FAIL ${p}`));
  process.exit(1);
}
console.log(`k8s-verify: ${OVERLAY}: ${objects.length} objects, ${schemaChecked} schema-checked, ${checks} checks passed`);
