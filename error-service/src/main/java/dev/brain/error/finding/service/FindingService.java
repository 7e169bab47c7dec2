package dev.brain.error.finding.service;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.finding.Finding;
import dev.brain.error.finding.FindingFormat;
import dev.brain.error.finding.FindingInput;
import dev.brain.error.finding.repository.FindingRepository;
import dev.brain.error.finding.repository.FindingRepository.IndexEntry;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.Scope;
import io.grpc.Status;
import io.quarkus.logging.Log;

/**
 * The findings store (error-code.md §10): a project's traps and invariants, one per slug. Every call names its
 * project; a save creates the project on first use, a read of an unknown project finds nothing and creates nothing.
 * Reads run in a transaction too: resolving the scope registers and heartbeats the caller's session.
 */
@ApplicationScoped
@Transactional
public class FindingService {

    private final FindingRepository findings;
    private final Scopes scopes;
    private final ErrorConfig config;

    public FindingService(FindingRepository findings, Scopes scopes, ErrorConfig config) {
        this.findings = findings;
        this.scopes = scopes;
        this.config = config;
    }

    /** A save's answer: the stored finding, whether it is new, the project's count and index size, warnings. */
    public record Saved(Finding finding, boolean created, int total, int indexChars, List<String> warnings) {
    }

    /** The project's index: lines {@code slug — title — hook} by slug. */
    public record Index(List<String> lines, int total, int indexChars) {
    }

    /** One file of an export, relative to the sync directory. */
    public record ExportedFile(String path, String content) {
    }

    /** {@code INDEX.md} first, then {@code traps/<slug>.md} by slug; the slugs in the store. */
    public record Export(List<ExportedFile> files, List<String> slugs) {
    }

    /** Creates the finding, or overwrites the one with the same slug. */
    public Saved save(Scope requestScope, FindingInput in) {
        CallScope scope = scopes.forWrite(requestScope);
        Log.debugf("SaveFinding %s/%s slug=%s", scope.tenant(), scope.project(), in.slug());
        FindingRepository.Upserted upserted = findings.upsert(scope.tenant(), scope.projectId(), in, scope.sessionId(),
                scope.now());
        Index index = index(scope);
        List<String> warnings = new ArrayList<>();
        String sentences = in.sentenceWarning();
        if (sentences != null) {
            warnings.add(sentences);
        }
        if (index.total() >= config.findings().warnAt()) {
            warnings.add("project holds " + index.total() + " findings; the index is read in every session (~15 tokens"
                    + " a line): merge or delete findings before adding more");
        }
        Finding stored = findings.find(scope.tenant(), scope.projectId(), in.slug()).orElseThrow();
        return new Saved(stored, upserted.created(), index.total(), index.indexChars(), List.copyOf(warnings));
    }

    public Finding get(Scope requestScope, String slug) {
        String s = FindingInput.slug(slug);
        CallScope scope = read(requestScope);
        if (!scope.hasProject()) {
            throw notFound(scope, s);
        }
        return findings.find(scope.tenant(), scope.projectId(), s).orElseThrow(() -> notFound(scope, s));
    }

    /** Deletes the finding; the count of findings left in the project. */
    public int delete(Scope requestScope, String slug) {
        String s = FindingInput.slug(slug);
        CallScope scope = read(requestScope);
        if (!scope.hasProject() || !findings.delete(scope.tenant(), scope.projectId(), s)) {
            throw notFound(scope, s);
        }
        return findings.count(scope.tenant(), scope.projectId());
    }

    public Index index(Scope requestScope) {
        return index(read(requestScope));
    }

    public Export export(Scope requestScope) {
        CallScope scope = read(requestScope);
        List<Finding> all = scope.hasProject() ? findings.list(scope.tenant(), scope.projectId()) : List.of();
        List<ExportedFile> files = new ArrayList<>(all.size() + 1);
        files.add(new ExportedFile(FindingFormat.INDEX_FILE, FindingFormat.indexFile(scope.project(), all)));
        for (Finding f : all) {
            files.add(new ExportedFile(FindingFormat.trapPath(f.slug()), FindingFormat.trapFile(f)));
        }
        return new Export(List.copyOf(files), all.stream().map(Finding::slug).toList());
    }

    private Index index(CallScope scope) {
        List<IndexEntry> entries = scope.hasProject() ? findings.indexEntries(scope.tenant(), scope.projectId())
                : List.of();
        List<String> lines = entries.stream().map(e -> FindingFormat.indexLine(e.slug(), e.title(), e.hook())).toList();
        return new Index(lines, lines.size(), FindingFormat.indexChars(lines));
    }

    /** Every findings call names its project; a read never creates it. */
    private CallScope read(Scope requestScope) {
        if (requestScope.getProject().isEmpty()) {
            throw Status.INVALID_ARGUMENT.withDescription("scope.project is required").asRuntimeException();
        }
        return scopes.forRead(requestScope);
    }

    private static RuntimeException notFound(CallScope scope, String slug) {
        return Status.NOT_FOUND.withDescription("slug: no finding '" + slug + "' in project " + scope.project())
                .asRuntimeException();
    }
}
