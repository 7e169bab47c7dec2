package dev.brain.error.transfer;

import static dev.brain.tenancy.BadInput.invalid;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.db.transfer.ImportRow;
import dev.brain.db.transfer.ImportWriter;
import dev.brain.db.transfer.OnConflict;
import dev.brain.error.intake.NormalizedOutput;
import dev.brain.error.prevention.RemovedLines;
import dev.brain.error.project.repository.ProjectRepository;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.solution.DiffLines;
import dev.brain.error.transfer.ImportLine.Problem;
import dev.brain.error.transfer.repository.ImportRepository;
import dev.brain.error.transfer.repository.ImportRepository.NewSolution;
import dev.brain.grpc.v1.ImportErrorsRequest;
import dev.brain.grpc.v1.ImportErrorsResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * {@code ImportErrors} (error-code.md §14): JSON lines of the {@link ErrorExport} format into the scope's project,
 * one call = one transaction. Every record is re-keyed: new ids, the caller's tenant, the scope's project
 * (tenant-wide rules stay tenant-wide); references between records are followed through the ids of the file,
 * so a record must come after what it references (the export's order). Sessions, embeddings, occurrences and
 * matches are not carried (they are local history or recomputed); imported chain entries have no occurrence (0).
 * Imported text is cleaned, checked and redacted like reported input ({@link ImportLine}). No outbox events are
 * written: an import is not one of the causes of error-code.md §12.1.
 *
 * <p>
 * Conflicts: an error whose fingerprint exists in the project, a rule whose {@code dedup_key} exists in the
 * tenant, an antipattern of an error that already has one. {@code FAIL} reports them as problems; {@code SKIP}
 * keeps the existing record — and leaves out what the skipped error owns (frames, solution links, outcomes,
 * attempts, antipattern; solutions linked only to skipped errors), while references from rules and chains resolve
 * to the existing error; {@code REPLACE} overwrites the existing row in place (same id) and, for an error,
 * replaces its frames, solution links (with their outcomes) and attempts by the imported ones. A chain identical
 * to one of the project (same start, same errors) is skipped under every mode.
 *
 * <p>
 * Problems name their line ("line 12: …"). Under {@code FAIL} any problem fails the whole call and nothing
 * is written (INVALID_ARGUMENT, or ALREADY_EXISTS when every problem is a conflict); under {@code SKIP} and
 * {@code REPLACE} a bad line — and what depends on it — is left out and reported in {@code errors}.
 */
@ApplicationScoped
public class ErrorImport {

    public static final int MAX_BYTES = 16 << 20;
    static final int MAX_REPORTED = 1000;
    static final int MAX_IN_FAILURE = 20;
    static final int MAX_FRAMES = 50;
    static final int MAX_CONTEXT_BYTES = 8 * 1024;
    static final int MAX_PATH = 4096;
    static final int MAX_TEXT_BYTES = 64 * 1024;
    static final int MAX_CODE_BYTES = 256 * 1024;

    private final ImportRepository repository;
    private final Scopes scopes;
    private final ProjectRepository projects;
    private final ObjectMapper json;

    public ErrorImport(ImportRepository repository, Scopes scopes, ProjectRepository projects, ObjectMapper json) {
        this.repository = repository;
        this.scopes = scopes;
        this.projects = projects;
        this.json = json;
    }

    static OnConflict policy(ImportErrorsRequest request) {
        return switch (request.getOnConflict()) {
            case ERROR_IMPORT_CONFLICT_UNSPECIFIED, ERROR_IMPORT_CONFLICT_FAIL -> OnConflict.FAIL;
            case ERROR_IMPORT_CONFLICT_SKIP -> OnConflict.SKIP;
            case ERROR_IMPORT_CONFLICT_REPLACE -> OnConflict.REPLACE;
            default -> throw invalid("on_conflict: FAIL, SKIP or REPLACE");
        };
    }

    @Transactional
    public ImportErrorsResponse run(ImportErrorsRequest request) {
        OnConflict policy = policy(request);
        if (request.getJsonl().size() > MAX_BYTES) {
            throw invalid("jsonl: " + request.getJsonl().size() + " bytes, at most " + MAX_BYTES
                    + " (16 MiB) per call; split the import");
        }
        if (request.getJsonl().isEmpty()) {
            throw invalid("jsonl: JSON lines of the " + ErrorExport.FORMAT + " format are required");
        }
        CallScope scope = scopes.forWrite(request.getScope());
        // invalid UTF-8 becomes U+FFFD (error-code.md §2)
        String[] lines = request.getJsonl().toStringUtf8().split("\n", -1);
        Run run = new Run(scope, policy);
        boolean header = false;
        for (int i = 0; i < lines.length; i++) {
            String text = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            if (text.isBlank()) {
                continue;
            }
            int number = i + 1;
            if (!header) {
                header(number, text);
                header = true;
                continue;
            }
            run.line(number, text);
        }
        if (!header) {
            throw invalid("line 1: the header line is required");
        }
        run.finish();
        if (policy == OnConflict.FAIL && !run.problems.isEmpty()) {
            throw run.failure();
        }
        List<String> reported = run.problems.size() <= MAX_REPORTED ? run.problems
                : new ArrayList<>(run.problems.subList(0, MAX_REPORTED));
        if (run.problems.size() > MAX_REPORTED) {
            reported.add("… and " + (run.problems.size() - MAX_REPORTED) + " more problems");
        }
        return ImportErrorsResponse.newBuilder().putAllCounts(run.writes.counts()).addAllErrors(reported).build();
    }

    private JsonNode parse(String text) {
        try {
            JsonNode node = json.readTree(text);
            if (node == null || !node.isObject()) {
                throw new Problem("a JSON object is required");
            }
            return node;
        } catch (JsonProcessingException e) {
            String detail = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
            throw new Problem("malformed JSON (" + ImportLine.shorten(detail) + ")");
        }
    }

    private void header(int number, String text) {
        JsonNode h;
        try {
            h = parse(text);
        } catch (Problem p) {
            throw invalid("line " + number + ": the header line is required (" + p.getMessage() + ")");
        }
        if (!"header".equals(h.path("kind").asText()) || !ErrorExport.FORMAT.equals(h.path("format").asText())) {
            throw invalid("line " + number + ": the first line must be the header {\"kind\":\"header\",\"format\":\""
                    + ErrorExport.FORMAT + "\",\"version\":1,…}");
        }
        if (h.path("version").asInt(-1) != ErrorExport.VERSION) {
            throw invalid("line " + number + ": version: only version " + ErrorExport.VERSION + " is known");
        }
    }

    /** An id of the file resolved in the database: {@code skipped} when it is an existing record that was kept. */
    private record Ref(long id, boolean skipped) {
    }

    /** Where a solution or attempt comes from (absent in files written before the session trail: reported). */
    private static final Set<String> SOURCES = Set.of("reported", "observed");

    /** The state of one call. */
    private final class Run {
        final CallScope scope;
        final String tenant;
        final long project;
        final ImportWriter writes;
        final List<String> problems = new ArrayList<>();
        boolean invalidLines;

        /** Line of every error / solution id seen, imported or not. */
        final Map<Long, Integer> errorLines = new HashMap<>();
        final Map<Long, Integer> solutionLines = new HashMap<>();
        /** File id → row id of errors written (inserted or replaced) / kept (skipped conflicts). */
        final Map<Long, Long> errors = new HashMap<>();
        final Map<Long, Long> skippedErrors = new HashMap<>();
        /** Solutions are written when first linked to a written error (or at the end when never linked). */
        final Map<Long, NewSolution> pending = new LinkedHashMap<>();
        final Map<Long, Long> solutions = new HashMap<>();
        final Set<Long> linkedToSkipped = new HashSet<>();
        final Set<Long> linkedToWritten = new HashSet<>();
        /** "fileErrorId:fileSolutionId" of links written. */
        final Set<String> links = new HashSet<>();

        Run(CallScope scope, OnConflict policy) {
            this.scope = scope;
            this.tenant = scope.tenant();
            this.project = scope.projectId();
            this.writes = repository.writer(policy);
        }

        void count(String kind) {
            writes.count(kind);
        }

        void line(int number, String text) {
            try {
                ImportLine line = new ImportLine(parse(text));
                JsonNode kind = line.node.get("kind");
                String name = kind != null && kind.isTextual() ? kind.asText() : "";
                switch (name) {
                    case "project" -> project(line);
                    case "error" -> error(number, line);
                    case "solution" -> solution(number, line);
                    case "error_solution" -> link(line);
                    case "outcome" -> outcome(line);
                    case "attempt" -> attempt(line);
                    case "chain" -> chain(line);
                    case "rule" -> rule(line);
                    case "antipattern" -> antipattern(line);
                    case "code_module", "module_usage", "finding" -> throw new Problem("kind: '" + name
                            + "' records are not imported by this version (no feature writes them yet)");
                    case "header" -> throw new Problem("kind: a second header line");
                    default -> throw new Problem("kind: must be one of project, error, solution, error_solution,"
                            + " outcome, attempt, chain, rule, antipattern; got '" + ImportLine.shorten(name) + "'");
                }
            } catch (Problem p) {
                problems.add("line " + number + ": " + p.getMessage());
                invalidLines |= !p.conflict;
            }
        }

        StatusRuntimeException failure() {
            StringBuilder d = new StringBuilder();
            int shown = Math.min(problems.size(), MAX_IN_FAILURE);
            for (int i = 0; i < shown; i++) {
                String p = problems.get(i);
                d.append(i == 0 ? "" : "; ").append(p.length() > 300 ? p.substring(0, 300) + "…" : p);
            }
            if (problems.size() > shown) {
                d.append("; … and ").append(problems.size() - shown).append(" more problems");
            }
            d.append(" (on_conflict FAIL: nothing was imported)");
            return (invalidLines ? Status.INVALID_ARGUMENT : Status.ALREADY_EXISTS).withDescription(d.toString())
                    .asRuntimeException();
        }

        // ---------------------------------------------------------------------------------------------------
        // references

        /** The error of file id {@code old}; a problem when no error line with that id was imported above. */
        Ref error(ImportLine line, String field, long old) {
            Long id = errors.get(old);
            if (id != null) {
                return new Ref(id, false);
            }
            id = skippedErrors.get(old);
            if (id != null) {
                return new Ref(id, true);
            }
            Integer at = errorLines.get(old);
            throw line.problem(field, at != null ? "error " + old + " (line " + at + ") was not imported"
                    : "no error line with id " + old + " above");
        }

        /** The error of a loose reference (rule sources, chains): written or kept, else null. */
        Long errorOrNull(long old) {
            Long id = errors.get(old);
            return id != null ? id : skippedErrors.get(old);
        }

        void requireSolution(ImportLine line, String field, long old) {
            if (solutions.containsKey(old) || pending.containsKey(old)) {
                return;
            }
            Integer at = solutionLines.get(old);
            throw line.problem(field, at != null ? "solution " + old + " (line " + at + ") was not imported"
                    : "no solution line with id " + old + " above");
        }

        /** The row id of a solution of the file, writing it now if it is still pending. */
        long materialize(long old) {
            Long id = solutions.get(old);
            if (id != null) {
                return id;
            }
            NewSolution s = pending.remove(old);
            long written = repository.insertSolution(tenant, project, s,
                    RemovedLines.hashes(s.diff(), s.codeBefore(), s.codeAfter()), DiffLines.key(s.diff()));
            solutions.put(old, written);
            count("solution");
            return written;
        }

        /** Solutions never linked to a written error: kept when never linked at all, else left out with their errors. */
        void finish() {
            for (Long old : List.copyOf(pending.keySet())) {
                if (linkedToSkipped.contains(old)) {
                    pending.remove(old);
                    count("skipped");
                } else {
                    materialize(old);
                }
            }
        }

        /** A conflict under FAIL: {@code what} already exists. */
        Problem conflict(String what) {
            return new Problem(what + " already exists", true);
        }

        // ---------------------------------------------------------------------------------------------------
        // kinds

        /** The scope's project takes the descriptive fields it does not have yet; its name stays. */
        void project(ImportLine line) {
            String rootPath = line.text("root_path", MAX_PATH);
            String[] languages = line.texts("languages", 50, 64, false);
            String[] frameworks = line.texts("frameworks", 50, 64, false);
            String description = line.textBytes("description", MAX_TEXT_BYTES);
            projects.completeDescription(tenant, project, rootPath, languages, frameworks, description, scope.now());
            count("project");
        }

        void error(int number, ImportLine line) {
            long id = line.id("id");
            Integer seen = errorLines.putIfAbsent(id, number);
            if (seen != null) {
                throw line.problem("id", "error " + id + " appears twice (line " + seen + ")");
            }
            String fingerprint = line.sha256("fingerprint");
            String type = line.requiredText("error_type", 200);
            String message = line.text("message", 4000);
            String template = line.text("message_template", 1000);
            String language = line.plain("language", 64);
            String parser = line.requiredPlain("parser", 64);
            String sourceFile = line.text("source_file", MAX_PATH);
            Integer sourceLine = line.optionalInt("source_line", 0, Integer.MAX_VALUE);
            String stackText = line.text("stack_text", 64 * 1024);
            NormalizedOutput raw = line.output("raw_output");
            int truncated = (int) Math.min(Integer.MAX_VALUE, line.count("raw_truncated_bytes") + raw.truncatedBytes());
            String command = line.textBytes("command", MAX_CONTEXT_BYTES);
            String workingDirectory = line.text("working_directory", MAX_PATH);
            String taskContext = line.textBytes("task_context", MAX_CONTEXT_BYTES);
            String[] labels = line.texts("labels", 64, 200, false);
            Integer occurrences = line.optionalInt("occurrence_count", 1, Integer.MAX_VALUE);
            OffsetDateTime firstSeen = line.time("first_seen_at");
            OffsetDateTime lastSeen = line.time("last_seen_at");
            boolean resolved = line.bool("resolved", false);
            OffsetDateTime resolvedAt = line.optionalTime("resolved_at");
            List<Object[]> frames = frames(line);
            ImportRow row = ImportRow.into("error").scope("tenant", tenant).key("project_id", project)
                    .key("fingerprint", fingerprint).set("error_type", type).set("message", message == null ? "" : message)
                    .set("message_template", template == null ? "" : template)
                    .set("language", language == null || language.isEmpty() ? null : language).set("parser", parser)
                    .set("source_file", sourceFile).set("source_line", sourceLine).set("stack_text", stackText)
                    .set("raw_output", raw.text()).set("raw_truncated_bytes", truncated).set("command", command)
                    .set("working_directory", workingDirectory).set("task_context", taskContext).set("labels", labels)
                    .set("occurrence_count", occurrences == null ? 1 : occurrences).set("first_seen_at", firstSeen)
                    .set("last_seen_at", lastSeen).set("resolved", resolved).set("resolved_at", resolvedAt)
                    .set("embedded_at", null); // a replaced error is embedded again

            Optional<Long> existing = existingError(fingerprint);
            if (existing.isEmpty()) {
                Optional<Long> inserted = repository.insertErrorIfNew(row);
                if (inserted.isPresent()) {
                    errors.put(id, inserted.get());
                    insertFrames(inserted.get(), frames);
                    count("error");
                    return;
                }
                existing = existingError(fingerprint); // reported concurrently
            }
            long kept = existing.orElseThrow();
            // under FAIL and SKIP the existing error stands in for references; what the line owns is left out
            skippedErrors.put(id, kept);
            if (!writes.replaces(kept, r -> conflict("error " + fingerprint.substring(0, 12) + "… ("
                    + ImportLine.shorten(type) + ") of project " + scope.project() + " (error " + r + ")"))) {
                return;
            }
            skippedErrors.remove(id);
            writes.update(row, kept);
            repository.deleteDependentsOf(kept, tenant);
            insertFrames(kept, frames);
            errors.put(id, kept);
            count("error");
        }

        Optional<Long> existingError(String fingerprint) {
            return repository.errorIdByFingerprint(tenant, project, fingerprint);
        }

        /** Frames as {position, function, file, line, column, context, in_app, normalized}, positions 0..n-1. */
        List<Object[]> frames(ImportLine line) {
            JsonNode array = line.array("frames", MAX_FRAMES);
            List<Object[]> frames = new ArrayList<>();
            Set<Integer> positions = new HashSet<>();
            for (int i = 0; i < array.size(); i++) {
                ImportLine f = line.element("frames", i, array.get(i));
                int position = f.integer("position", 0, MAX_FRAMES - 1);
                if (!positions.add(position)) {
                    throw f.problem("position", position + " appears twice");
                }
                String normalized = f.text("normalized", MAX_PATH);
                frames.add(new Object[] { (long) position, f.text("function_name", 2000), f.text("file_path", MAX_PATH),
                        f.optionalInt("line_number", 0, Integer.MAX_VALUE),
                        f.optionalInt("column_number", 0, Integer.MAX_VALUE),
                        f.text("context_line", 2000), f.bool("in_app", false), normalized == null ? "" : normalized });
            }
            return frames;
        }

        void insertFrames(long errorId, List<Object[]> frames) {
            if (frames.isEmpty()) {
                return;
            }
            repository.insertFrames(errorId, frames);
        }

        void solution(int number, ImportLine line) {
            long id = line.id("id");
            Integer seen = solutionLines.putIfAbsent(id, number);
            if (seen != null) {
                throw line.problem("id", "solution " + id + " appears twice (line " + seen + ")");
            }
            String title = line.requiredText("title", 200);
            if (title.contains("\n")) {
                throw line.problem("title", "one line is required");
            }
            String[] steps = line.texts("steps", 50, 2000, true);
            pending.put(id, new NewSolution(title, line.textBytes("description", MAX_TEXT_BYTES), steps,
                    line.textBytes("code_before", MAX_CODE_BYTES), line.textBytes("code_after", MAX_CODE_BYTES),
                    line.textBytes("diff", MAX_CODE_BYTES), line.texts("labels", 64, 200, false),
                    line.count("success_count"), line.count("failure_count"), line.count("partial_count"),
                    line.number("confidence", 0, 1), line.time("last_used_at"), line.time("created_at"),
                    line.time("updated_at"), source(line), line.count("observed_success_count")));
        }

        void link(ImportLine line) {
            long errorId = line.id("error_id");
            long solutionId = line.id("solution_id");
            int success = line.count("success_count");
            int failure = line.count("failure_count");
            int partial = line.count("partial_count");
            int observed = line.count("observed_success_count");
            double confidence = line.number("confidence", 0, 1);
            String last = line.oneOf("last_outcome", Set.of("success", "failure", "partial"), false);
            OffsetDateTime lastApplied = line.time("last_applied_at");
            OffsetDateTime created = line.time("created_at");
            Ref error = error(line, "error_id", errorId);
            requireSolution(line, "solution_id", solutionId);
            if (error.skipped()) {
                linkedToSkipped.add(solutionId);
                count("skipped");
                return;
            }
            if (links.contains(errorId + ":" + solutionId)) {
                throw line.problem("solution_id", "error " + errorId + " and solution " + solutionId + " are linked twice");
            }
            long solution = materialize(solutionId);
            linkedToWritten.add(solutionId);
            repository.insertLink(error.id(), solution, tenant, success, failure, partial, confidence, last,
                    lastApplied, created, observed);
            links.add(errorId + ":" + solutionId);
            count("error_solution");
        }

        void outcome(ImportLine line) {
            long errorId = line.id("error_id");
            long solutionId = line.id("solution_id");
            String outcome = line.oneOf("outcome", Set.of("success", "failure", "partial"), true);
            String notes = line.textBytes("notes", MAX_TEXT_BYTES);
            OffsetDateTime applied = line.time("applied_at");
            Ref error = error(line, "error_id", errorId);
            if (error.skipped()) {
                count("skipped");
                return;
            }
            if (!links.contains(errorId + ":" + solutionId)) {
                throw line.problem("solution_id", "no error_solution line above links error " + errorId
                        + " and solution " + solutionId);
            }
            repository.insertOutcome(tenant, project, error.id(), solutions.get(solutionId), outcome, notes, applied);
            count("outcome");
        }

        void attempt(ImportLine line) {
            long errorId = line.id("error_id");
            String description = line.textBytes("description", MAX_TEXT_BYTES);
            if (description == null || description.isBlank()) {
                throw line.problem("description", "is required and must not be blank");
            }
            String outcome = line.oneOf("outcome", Set.of("failure", "partial"), true);
            String reason = line.textBytes("reason", MAX_TEXT_BYTES);
            OffsetDateTime attempted = line.time("attempted_at");
            String source = source(line);
            Ref error = error(line, "error_id", errorId);
            if (error.skipped()) {
                count("skipped");
                return;
            }
            repository.insertAttempt(tenant, project, error.id(), description, outcome, reason, attempted, source);
            count("attempt");
        }

        private static String source(ImportLine line) {
            String source = line.oneOf("source", SOURCES, false);
            return source == null ? "reported" : source;
        }

        void chain(ImportLine line) {
            OffsetDateTime started = line.time("started_at");
            OffsetDateTime last = line.time("last_at");
            JsonNode entries = line.array("entries", 10_000);
            if (entries.isEmpty()) {
                throw line.problem("entries", "at least one entry is required");
            }
            Long[] errorIds = new Long[entries.size()];
            Long[] positions = new Long[entries.size()];
            Long[] deltas = new Long[entries.size()];
            for (int i = 0; i < entries.size(); i++) {
                ImportLine entry = line.element("entries", i, entries.get(i));
                if (entry.integer("position", 0, Integer.MAX_VALUE) != i) {
                    throw entry.problem("position", "positions must be 0, 1, 2, … in order");
                }
                positions[i] = (long) i;
                deltas[i] = entry.optionalLong("time_delta_ms");
                errorIds[i] = error(entry, "error_id", entry.id("error_id")).id();
            }
            boolean identical = repository.hasIdenticalChain(tenant, project, started, entries.size(), errorIds);
            if (identical) {
                count("skipped");
                return;
            }
            long chain = repository.insertChain(tenant, project, started, last, entries.size());
            repository.insertChainEntries(chain, positions, errorIds, deltas);
            count("chain");
        }

        void rule(ImportLine line) {
            Long fileProject = line.optionalLong("project_id");
            String dedupKey = line.sha256("dedup_key");
            String name = line.requiredText("name", 200);
            String description = line.textBytes("description", MAX_TEXT_BYTES);
            String errorType = line.requiredText("error_type", 200);
            String[] tokens = line.texts("required_tokens", 1000, 1000, true);
            String[] extensions = line.texts("file_extensions", 50, 64, false);
            String[] commands = line.texts("commands", 50, MAX_CONTEXT_BYTES, true);
            ImportLine action = line.object("action");
            String actionType = action.requiredPlain("type", 64);
            String actionMessage = action.text("message", 2000);
            List<Long> actionSolutions = action.ids("solution_ids", 1000);
            String ruleType = line.oneOf("rule_type", Set.of("prevention", "suggestion", "warning", "auto_fix"), true);
            double baseSuccesses = line.number("base_successes", 0, 1e12);
            double baseTotal = line.number("base_total", 0, 1e12);
            double confidence = line.number("confidence", 0, 1);
            int triggers = line.count("trigger_count");
            int successes = line.count("success_count");
            int rejections = line.count("rejection_count");
            boolean active = line.bool("active", true);
            String pruneReason = line.oneOf("prune_reason", Set.of("low_confidence", "rejections"), false);
            List<Long> sources = line.ids("source_error_ids", 10_000);
            OffsetDateTime evidence = line.time("last_evidence_at");
            OffsetDateTime created = line.time("created_at");
            OffsetDateTime updated = line.time("updated_at");

            // references to records outside the import are dropped
            List<Long> sourceIds = new ArrayList<>();
            for (Long old : sources) {
                Long id = errorOrNull(old);
                if (id != null && !sourceIds.contains(id)) {
                    sourceIds.add(id);
                }
            }
            List<Long> solutionIds = new ArrayList<>();
            for (Long old : actionSolutions) {
                boolean usable = solutions.containsKey(old)
                        || (pending.containsKey(old) && !(linkedToSkipped.contains(old) && !linkedToWritten.contains(old)));
                if (usable) {
                    long id = materialize(old);
                    if (!solutionIds.contains(id)) {
                        solutionIds.add(id);
                    }
                }
            }
            ObjectNode actionJson = json.createObjectNode().put("type", actionType);
            actionJson.putArray("solution_ids").addAll(solutionIds.stream()
                    .map(com.fasterxml.jackson.databind.node.LongNode::valueOf).toList());
            actionJson.put("message", actionMessage);
            ImportRow row = ImportRow.into("rule").scope("tenant", tenant).key("dedup_key", dedupKey)
                    .set("project_id", fileProject == null ? null : project).set("name", name)
                    .set("description", description).set("error_type", errorType).set("required_tokens", tokens)
                    .set("file_extensions", extensions).set("commands", commands)
                    .set("action", actionJson.toString(), "jsonb").set("rule_type", ruleType)
                    .set("base_successes", baseSuccesses).set("base_total", baseTotal).set("confidence", confidence)
                    .set("trigger_count", triggers).set("success_count", successes).set("rejection_count", rejections)
                    .set("active", active).set("prune_reason", pruneReason)
                    .set("source_error_ids", sourceIds.toArray(Long[]::new)).set("last_evidence_at", evidence)
                    .set("created_at", created).set("updated_at", updated);
            Optional<Long> existing = repository.ruleIdByDedupKey(tenant, dedupKey);
            writes.write("rule", existing, r -> conflict("rule " + dedupKey.substring(0, 12) + "… ("
                    + ImportLine.shorten(name) + ", rule " + r + ")"), () -> row);
        }

        void antipattern(ImportLine line) {
            long sourceId = line.id("source_error_id");
            String description = line.textBytes("description", MAX_TEXT_BYTES);
            if (description == null || description.isBlank()) {
                throw line.problem("description", "is required and must not be blank");
            }
            String errorType = line.requiredText("error_type", 200);
            String fingerprint = line.sha256("fingerprint");
            String template = line.requiredText("message_template", 1000);
            String[] commands = line.texts("commands", 50, MAX_CONTEXT_BYTES, true);
            String severity = line.oneOf("severity", Set.of("info", "warning", "critical"), true);
            int failed = line.count("failed_attempts");
            double confidence = line.number("confidence", 0, 1);
            int triggers = line.count("trigger_count");
            int prevented = line.count("prevented_count");
            int rejected = line.count("rejected_count");
            boolean active = line.bool("active", true);
            OffsetDateTime created = line.time("created_at");
            OffsetDateTime updated = line.time("updated_at");
            Ref error = error(line, "source_error_id", sourceId);
            if (error.skipped()) {
                count("skipped");
                return;
            }
            Optional<Long> existing = repository.antipatternIdOfError(tenant, error.id());
            writes.write("antipattern", existing, r -> conflict("antipattern of error " + error.id() + " (antipattern "
                    + r + ")"), () -> ImportRow.into("antipattern").scope("tenant", tenant).key("project_id", project)
                            .key("source_error_id", error.id()).set("description", description)
                            .set("error_type", errorType).set("fingerprint", fingerprint)
                            .set("message_template", template).set("commands", commands).set("severity", severity)
                            .set("failed_attempts", failed).set("confidence", confidence).set("trigger_count", triggers)
                            .set("prevented_count", prevented).set("rejected_count", rejected).set("active", active)
                            .set("created_at", created).set("updated_at", updated));
        }
    }
}
