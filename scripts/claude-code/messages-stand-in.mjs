// A scripted stand-in for the Anthropic Messages API, so that the real Claude Code CLI runs offline
// (scripts/claude-code-e2e.sh). Node.js 20, no dependencies. Modes:
//
//   serve SCENARIOS NAME LOG [var=value ...]  answer the CLI from scenario NAME of SCENARIOS (JSON: name → steps,
//                                            each {"tool": NAME, "input": {...}} or {"text": "..."}; "{{var}}" in
//                                            a step is replaced by the value given), listening on 127.0.0.1 on a
//                                            free port that it prints as "listening PORT"; every request is
//                                            appended to LOG as one JSON line {seq, method, url, kind, step, body}
//   context LOG HEADER [first]               prints each distinct "HEADER hook additional context: …" segment the
//                                            model saw (only in the first model request with "first")
//   tool-result LOG TOOL                     prints the tool_result texts of TOOL's calls in the last model request
//   excerpt LOG                              a compact view of every request, for a failing test's report
//
// How the CLI 2.1.332 talks to it (seen by capture, with CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1):
// - Only `POST /v1/messages?beta=true`, always `stream: true`, one request per model turn; no title, summary,
//   quota or token-count requests were seen in -p mode. Anything else (count_tokens, HEAD/GET, a request whose
//   `tools` lack Bash) is answered harmlessly and marked "side": it never consumes a scenario step.
// - The scenario step of a model request is the number of assistant messages already in `messages`, so a
//   retried request gets the same answer and side requests cannot shift the script.
// - `messages` holds role "system" entries, with `content` a string or an array of text blocks:
//   * SessionStart: messages[1] of every request (first one included) is a system message whose text starts
//     "SessionStart hook additional context: <text>\n\n# Environment…" (the CLI's environment block follows).
//   * PreToolUse / PostToolUse / PostToolUseFailure: after the user message with the tool_result comes one
//     system message joining the tool call's hook contexts with "\n\n", e.g.
//     "PreToolUse:Bash hook additional context: <a>\n\nPostToolUseFailure:Bash hook additional context: <b>";
//     a hook answering nothing adds no segment.
// - MCP tools are deferred: listed by name in that environment system message and present in `tools` with
//   `defer_loading: true`. A ToolSearch call {"query": "select:mcp__brain__x"} returns a tool_result holding
//   [{"type": "tool_reference", "tool_name": "mcp__brain__x"}] plus a user text "Tool loaded."; the MCP tool's
//   own tool_result content is the JSON of its structuredContent (a string).
import fs from 'node:fs';
import http from 'node:http';

const [mode, ...args] = process.argv.slice(2);
const HOOK_CONTEXT = ' hook additional context: ';

function serve(scenarios, name, log, vars) {
  let text = fs.readFileSync(scenarios, 'utf8');
  for (const v of vars) {
    const eq = v.indexOf('=');
    text = text.replaceAll(`{{${v.slice(0, eq)}}}`, JSON.stringify(v.slice(eq + 1)).slice(1, -1));
  }
  const steps = JSON.parse(text)[name];
  if (!Array.isArray(steps)) throw new Error(`no scenario '${name}' in ${scenarios}`);
  let seq = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try { body = raw ? JSON.parse(raw) : null; } catch { body = raw; }
      const entry = { seq: ++seq, method: req.method, url: req.url, kind: 'side', step: null, body };
      const model = req.method === 'POST' && /^\/v1\/messages(\?|$)/.test(req.url) && body && typeof body === 'object';
      if (!model) {
        fs.appendFileSync(log, JSON.stringify(entry) + '\n');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(req.url.startsWith('/v1/messages/count_tokens') ? '{"input_tokens":1}' : '{}');
        return;
      }
      let answer = { text: 'ok' };
      if ((body.tools || []).some((t) => t.name === 'Bash')) {
        entry.kind = 'model';
        entry.step = (body.messages || []).filter((m) => m.role === 'assistant').length;
        answer = steps[entry.step] || { text: `stand-in: scenario ${name} has no step ${entry.step}` };
      }
      fs.appendFileSync(log, JSON.stringify(entry) + '\n');
      reply(res, body, answer);
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
}

// One assistant message: a text, or a single tool call; streamed as server-sent events when asked to.
function reply(res, request, answer) {
  const id = `msg_standin_${Date.now()}`;
  const block = answer.tool
    ? { type: 'tool_use', id: `toolu_standin_${Math.random().toString(16).slice(2, 10)}`, name: answer.tool, input: answer.input || {} }
    : { type: 'text', text: answer.text };
  const stop = answer.tool ? 'tool_use' : 'end_turn';
  const message = { id, type: 'message', role: 'assistant', model: request.model || 'stand-in', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
  if (!request.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...message, content: [block], stop_reason: stop }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const event = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event('message_start', { message });
  event('content_block_start', { index: 0, content_block: answer.tool ? { ...block, input: {} } : { type: 'text', text: '' } });
  event('content_block_delta', { index: 0, delta: answer.tool
    ? { type: 'input_json_delta', partial_json: JSON.stringify(block.input) }
    : { type: 'text_delta', text: answer.text } });
  event('content_block_stop', { index: 0 });
  event('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } });
  event('message_stop', {});
  res.end();
}

function requests(log, kind) {
  return fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
    .filter((r) => !kind || r.kind === kind);
}

// The text of a `system` field or a message content: a string, or blocks whose text (or tool_result content) counts.
function text(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b) => (b.type === 'text' ? b.text : b.type === 'tool_result' ? text(b.content)
    : b.type === 'tool_reference' ? `tool_reference:${b.tool_name}` : '')).join('\n');
}

// Everything the model reads, wherever the CLI put it: the system prompt and every message.
function texts(body) {
  return [text(body.system), ...(body.messages || []).map((m) => text(m.content))];
}

// A segment runs from its header to the next hook context or "# " heading after a blank line, or to the end.
function context(log, header, first) {
  const model = requests(log, 'model');
  const seen = new Set();
  for (const r of first ? model.slice(0, 1) : model) {
    for (const t of texts(r.body)) {
      for (let at = t.indexOf(header + HOOK_CONTEXT); at >= 0; at = t.indexOf(header + HOOK_CONTEXT, at + 1)) {
        const rest = t.slice(at);
        const end = rest.slice(1).search(/\n\n(?:\S+ hook additional context: |# )/);
        const segment = end < 0 ? rest : rest.slice(0, end + 1);
        if (!seen.has(segment)) {
          seen.add(segment);
          console.log(`[request ${r.seq}] ${segment}`);
        }
      }
    }
  }
}

function toolResult(log, tool) {
  const last = requests(log, 'model').at(-1);
  if (!last) return;
  const messages = last.body.messages || [];
  const ids = new Set(messages.filter((m) => m.role === 'assistant' && Array.isArray(m.content))
    .flatMap((m) => m.content).filter((b) => b.type === 'tool_use' && b.name === tool).map((b) => b.id));
  for (const m of messages) {
    for (const b of Array.isArray(m.content) ? m.content : []) {
      if (b.type === 'tool_result' && ids.has(b.tool_use_id)) console.log(text(b.content));
    }
  }
}

// Each request on one line; for a model request also the messages added since the previous one, cut short.
function excerpt(log) {
  const cut = (s, n) => (s.length > n ? `${s.slice(0, n)}…` : s).replace(/\n/g, '⏎');
  let shown = 0;
  for (const r of requests(log)) {
    console.log(`#${r.seq} ${r.method} ${r.url} ${r.kind}${r.step === null ? '' : ` step ${r.step}`}`);
    if (r.kind !== 'model') continue;
    const messages = r.body.messages || [];
    messages.slice(shown).forEach((m, i) => {
      const parts = typeof m.content === 'string' ? [m.content] : (m.content || []).map((b) =>
        b.type === 'tool_use' ? `tool_use ${b.name} ${JSON.stringify(b.input)}`
          : b.type === 'tool_result' ? `tool_result${b.is_error ? ' (error)' : ''}: ${text(b.content)}` : text([b]));
      console.log(`  [${shown + i}] ${m.role}: ${cut(parts.join(' | '), 400)}`);
    });
    shown = messages.length;
  }
}

const modes = {
  serve: () => serve(args[0], args[1], args[2], args.slice(3)),
  context: () => context(args[0], args[1], args[2] === 'first'),
  'tool-result': () => toolResult(args[0], args[1]),
  excerpt: () => excerpt(args[0]),
};
if (!modes[mode]) {
  console.error('usage: messages-stand-in.mjs serve SCENARIOS NAME LOG [var=value ...] | context LOG HEADER [first]'
    + ' | tool-result LOG TOOL | excerpt LOG');
  process.exit(2);
}
modes[mode]();
