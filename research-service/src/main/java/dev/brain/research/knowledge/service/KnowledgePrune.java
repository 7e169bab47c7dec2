package dev.brain.research.knowledge.service;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.files.KnowledgeDocument;
import dev.brain.research.knowledge.files.LibraryFiles;
import dev.brain.research.knowledge.files.LibraryPaths;
import dev.brain.research.knowledge.repository.KnowledgeRepository;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import dev.brain.tenancy.TenantUsers;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * The prune cycle (research.md §2.7), job {@code knowledge_prune}, for one pair, a tenant's pairs or all pairs;
 * each step a {@link KnowledgeJobs.Step} with counts:
 * <ol>
 * <li>orient — read the directories and indexes: pairs, files, index_files, rows;</li>
 * <li>gather — reports with status repetition / failure (weak_reports), library files without metadata and rows
 * whose file is missing: counted and listed, never deleted. Directories no row points to are scanned as well
 * (for a tenant only the ones whose decoded user id belongs to it);</li>
 * <li>consolidate — in every knowledge file, paragraphs repeating an earlier paragraph of the file are removed
 * (files_consolidated, duplicates_removed, blocks_removed); the version stays;</li>
 * <li>prune — INDEX.md rebuilt under indexMaxLines, most present first (index_files_rebuilt, index_lines,
 * entries_left_out).</li>
 * </ol>
 * Per pair, consolidate and prune hold the pair lock, so they never interleave with a save.
 */
@ApplicationScoped
public class KnowledgePrune {

    public static final String JOB = "knowledge_prune";

    /** The run and what gather found. */
    public record Outcome(KnowledgeJobs.Outcome run, List<String> filesWithoutMetadata, List<String> metadataWithoutFile) {
    }

    private final KnowledgeJobs jobs;
    private final KnowledgeRepository repository;
    private final LibraryFiles files;
    private final LibraryIndex index;

    public KnowledgePrune(KnowledgeJobs jobs, KnowledgeRepository repository, LibraryFiles files, LibraryIndex index) {
        this.jobs = jobs;
        this.repository = repository;
        this.files = files;
        this.index = index;
    }

    /**
     * @param pair one pair, or null for several
     * @param tenant with {@code pair} null: that tenant's pairs; null: all pairs
     */
    public Outcome run(String trigger, KnowledgePair pair, String tenant) {
        List<String> filesWithout = new ArrayList<>();
        List<String> rowsWithout = new ArrayList<>();
        String lock = pair == null ? JOB : JOB + ":" + pair.label();
        KnowledgeJobs.Outcome run = jobs.run(JOB, trigger, pair, lock, steps -> {
            List<KnowledgePair> pairs = pair != null ? List.of(pair) : repository.pairs(tenant);
            List<String> strayDirectories = pair != null ? List.of() : strayDirectories(pairs, tenant);
            List<Map<String, Long>> parts = new ArrayList<>();
            parts.add(steps.step("orient", () -> orient(pairs, strayDirectories)));
            parts.add(steps.step("gather", () -> gather(pairs, strayDirectories, filesWithout, rowsWithout)));
            parts.add(steps.step("consolidate", () -> consolidate(pairs)));
            parts.add(steps.step("prune", () -> prune(pairs)));
            return KnowledgeJobs.totals(parts);
        });
        return new Outcome(run, filesWithout, rowsWithout);
    }

    private Map<String, Long> orient(List<KnowledgePair> pairs, List<String> strayDirectories) {
        long fileCount = 0;
        long indexes = 0;
        long rows = 0;
        for (KnowledgePair p : pairs) {
            fileCount += files.markdownFiles(files.pairDirectory(p)).size();
            indexes += files.exists(p.directory() + "/" + LibraryPaths.INDEX) ? 1 : 0;
            rows += repository.rowsOfPair(p).size();
        }
        for (String d : strayDirectories) {
            fileCount += files.markdownFiles(files.resolve(d)).size();
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("pairs", (long) pairs.size());
        counts.put("files", fileCount);
        counts.put("index_files", indexes);
        counts.put("rows", rows);
        counts.put("directories_without_rows", (long) strayDirectories.size());
        return counts;
    }

    private Map<String, Long> gather(List<KnowledgePair> pairs, List<String> strayDirectories, List<String> filesWithout,
            List<String> rowsWithout) {
        long weak = 0;
        for (KnowledgePair p : pairs) {
            weak += repository.weakReports(p);
            Set<String> rowPaths = new HashSet<>();
            for (KnowledgeRow row : repository.rowsOfPair(p)) {
                rowPaths.add(row.path());
                if (!files.exists(row.path())) {
                    rowsWithout.add(row.path());
                }
            }
            for (String name : files.markdownFiles(files.pairDirectory(p))) {
                String path = p.directory() + "/" + name;
                if (!rowPaths.contains(path)) {
                    filesWithout.add(path);
                }
            }
        }
        for (String d : strayDirectories) {
            files.markdownFiles(files.resolve(d)).forEach(name -> filesWithout.add(d + "/" + name));
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("weak_reports", weak);
        counts.put("files_without_metadata", (long) filesWithout.size());
        counts.put("metadata_without_file", (long) rowsWithout.size());
        return counts;
    }

    private Map<String, Long> consolidate(List<KnowledgePair> pairs) {
        long consolidated = 0;
        long duplicates = 0;
        long blocks = 0;
        for (KnowledgePair p : pairs) {
            int[] n = QuarkusTransaction.requiringNew().call(() -> {
                repository.lockPair(p);
                int[] sum = new int[3];
                for (KnowledgeRow row : repository.knowledgeForIndex(p)) {
                    Optional<String> text = files.read(row.path());
                    if (text.isEmpty()) {
                        continue;
                    }
                    KnowledgeDocument doc = KnowledgeDocument.parse(text.get());
                    int[] removed = doc.consolidate();
                    if (removed[0] > 0) {
                        files.write(row.path(), doc.render());
                        sum[0]++;
                        sum[1] += removed[0];
                        sum[2] += removed[1];
                    }
                }
                return sum;
            });
            consolidated += n[0];
            duplicates += n[1];
            blocks += n[2];
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("files_consolidated", consolidated);
        counts.put("duplicates_removed", duplicates);
        counts.put("blocks_removed", blocks);
        return counts;
    }

    private Map<String, Long> prune(List<KnowledgePair> pairs) {
        long rebuilt = 0;
        long lines = 0;
        long leftOut = 0;
        for (KnowledgePair p : pairs) {
            LibraryIndex.Rebuilt r = QuarkusTransaction.requiringNew().call(() -> {
                repository.lockPair(p);
                return index.rebuild(p);
            });
            rebuilt++;
            lines += r.shown();
            leftOut += r.files() - r.shown();
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("index_files_rebuilt", rebuilt);
        counts.put("index_lines", lines);
        counts.put("entries_left_out", leftOut);
        return counts;
    }

    /** Pair directories on the volume that no pair in scope owns ("agentSeg/userSeg"). */
    private List<String> strayDirectories(List<KnowledgePair> pairs, String tenant) {
        Set<String> owned = new HashSet<>();
        pairs.forEach(p -> owned.add(p.directory()));
        List<String> stray = new ArrayList<>();
        Path root = files.root();
        if (!Files.isDirectory(root)) {
            return stray;
        }
        for (Path agent : files.directories(root)) {
            for (Path user : files.directories(agent)) {
                String dir = agent.getFileName() + "/" + user.getFileName();
                if (owned.contains(dir)) {
                    continue;
                }
                if (tenant == null) {
                    stray.add(dir);
                    continue;
                }
                Optional<String> userId = LibraryPaths.decode(user.getFileName().toString());
                if (userId.isPresent() && TenantUsers.belongsTo(tenant, userId.get())) {
                    stray.add(dir);
                }
            }
        }
        return stray;
    }
}
