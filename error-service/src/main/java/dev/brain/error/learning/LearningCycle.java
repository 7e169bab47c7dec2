package dev.brain.error.learning;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.error.code.repository.ModuleRepository;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.intake.Confidence;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Tokens;
import dev.brain.error.jobs.JobRuns;
import dev.brain.error.learning.repository.LearningRepository;
import dev.brain.error.learning.repository.LearningRepository.AntipatternCandidate;
import dev.brain.error.learning.repository.LearningRepository.AntipatternDraft;
import dev.brain.error.learning.repository.LearningRepository.Pair;
import dev.brain.error.learning.repository.LearningRepository.RuleDraft;
import dev.brain.error.learning.repository.LearningRepository.StoredRule;
import dev.brain.error.notification.Notifications;
import dev.brain.error.prevention.Commands;
import dev.brain.error.solution.CrossProject;
import dev.brain.grpc.v1.JobRunResult;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * The learning cycle (error-code.md §8): nine phases per tenant, each its own transaction, under a per-tenant
 * advisory lock, with one {@code job_run} row. Every write compares with what is stored, so a second run on
 * unchanged data changes nothing but its own job_run row.
 */
@ApplicationScoped
public class LearningCycle {

    public static final String JOB = "learning";

    private final LearningRepository learning;
    private final AdvisoryLocks locks;
    private final JobRuns runs;
    private final Notifications notifications;
    private final CrossProject crossProject;
    private final ErrorConfig config;
    private final Clock clock;
    private final ObjectMapper json;
    private final ModuleRepository modules;

    public LearningCycle(LearningRepository learning, AdvisoryLocks locks, JobRuns runs, Notifications notifications,
            CrossProject crossProject, ErrorConfig config, Clock clock, ObjectMapper json, ModuleRepository modules) {
        this.modules = modules;
        this.learning = learning;
        this.locks = locks;
        this.runs = runs;
        this.notifications = notifications;
        this.crossProject = crossProject;
        this.config = config;
        this.clock = clock;
        this.json = json;
    }

    @Scheduled(every = "${brain.error.learning.interval:15m}", delayed = "${brain.error.learning.delay:60s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(ScheduledExecution execution) {
        Duration period = JobRuns.period(execution);
        List<String> tenants = learning.tenantsWithNewEvidence();
        for (String tenant : tenants) {
            try {
                run(tenant, false, period);
            } catch (RuntimeException e) {
                Log.warnf("learning cycle of tenant %s failed: %s", tenant, e.getMessage());
            }
        }
    }

    /** Runs the cycle for the tenant now (or reports it skipped when another run holds the lock). */
    public JobRunResult run(String tenant, boolean manual) {
        return run(tenant, manual, Duration.ZERO);
    }

    /** A run; a scheduled one ({@code period} > 0) is skipped when the tenant's ran less than ¾ period ago (JobRuns). */
    JobRunResult run(String tenant, boolean manual, Duration period) {
        Instant started = clock.instant();
        // the tenant's session lock, held on a connection of its own for the whole cycle
        return locks.underLock("error.learning:" + tenant,
                () -> runs.ranThisPeriod(JOB, tenant, period, started) ? runs.skipped(JOB, tenant, manual, started)
                        : cycle(tenant, manual, started))
                .orElseGet(() -> runs.skipped(JOB, tenant, manual, started));
    }

    private JobRunResult cycle(String tenant, boolean manual, Instant started) {
        long runId = runs.start(JOB, tenant, manual, started);
        Instant previous = runs.lastStart(JOB, tenant).orElse(Instant.EPOCH);
        OffsetDateTime now = OffsetDateTime.ofInstant(started, ZoneOffset.UTC);
        List<JobRuns.Step> steps = new ArrayList<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        String failure = null;
        List<Pair> pairs = List.of();
        List<Pattern> patterns = List.of();
        List<Long> newRules = new ArrayList<>();
        List<Long> newAntipatterns = new ArrayList<>();
        // phase 1: collect
        List<Pair> collected = phase(steps, "collect", () -> collect(tenant));
        if (collected != null) {
            pairs = collected;
            long fresh = pairs.stream().filter(p -> p.createdAt().isAfter(previous)).count();
            counts.put("pairs", (long) pairs.size());
            counts.put("new_pairs", fresh);
            stepCounts(steps, Map.of("pairs", (long) pairs.size(), "new_pairs", fresh));
        } else {
            failure = "collect failed";
        }
        // phase 2: confidence
        Long updated = phase(steps, "confidence", () -> QuarkusTransaction.requiringNew().call(() -> confidence(tenant, now)));
        if (updated == null) {
            failure = failure == null ? "confidence failed" : failure;
        } else {
            stepCounts(steps, Map.of("confidences_updated", updated));
        }
        // phase 2 changed confidences the pairs carry: collect again (cheap) so patterns see current values
        if (collected != null && updated != null && updated > 0) {
            pairs = collect(tenant);
        }
        // phase 3: patterns
        final List<Pair> pairsForPatterns = pairs;
        List<Pattern> found = phase(steps, "patterns", () -> patterns(tenant, pairsForPatterns, now));
        if (found == null) {
            failure = failure == null ? "patterns failed" : failure;
        } else {
            patterns = found;
            counts.put("patterns", (long) patterns.size());
            stepCounts(steps, Map.of("patterns", (long) patterns.size()));
        }
        // phase 4: rules
        final List<Pattern> patternsForRules = patterns;
        long[] ruleCounts = phase(steps, "rules",
                () -> QuarkusTransaction.requiringNew().call(() -> rules(tenant, patternsForRules, now, newRules)));
        if (ruleCounts == null) {
            failure = failure == null ? "rules failed" : failure;
            newRules.clear();
        } else {
            counts.put("rules_created", ruleCounts[0]);
            counts.put("rules_updated", ruleCounts[1]);
            stepCounts(steps, Map.of("rules_created", ruleCounts[0], "rules_updated", ruleCounts[1]));
        }
        // phase 5: prune
        Long pruned = phase(steps, "prune", () -> QuarkusTransaction.requiringNew().call(() -> prune(tenant, now)));
        if (pruned == null) {
            failure = failure == null ? "prune failed" : failure;
        } else {
            counts.put("rules_pruned", pruned);
            stepCounts(steps, Map.of("rules_pruned", pruned));
        }
        // phase 6: antipatterns
        long[] apCounts = phase(steps, "antipatterns",
                () -> QuarkusTransaction.requiringNew().call(() -> antipatterns(tenant, now, newAntipatterns)));
        if (apCounts == null) {
            failure = failure == null ? "antipatterns failed" : failure;
            newAntipatterns.clear();
        } else {
            counts.put("antipatterns_created", apCounts[0]);
            counts.put("antipatterns_updated", apCounts[1]);
            stepCounts(steps, Map.of("antipatterns_created", apCounts[0], "antipatterns_updated", apCounts[1]));
        }
        // phase 7: cross-project
        Integer links = phase(steps, "cross_project",
                () -> QuarkusTransaction.requiringNew().call(() -> crossProject.link(tenant, null, now)));
        if (links == null) {
            failure = failure == null ? "cross_project failed" : failure;
        } else {
            counts.put("cross_project_links", (long) links);
            stepCounts(steps, Map.of("cross_project_links", (long) links));
        }
        // phase 8: modules
        Long modules = phase(steps, "modules", () -> QuarkusTransaction.requiringNew().call(() -> modules(tenant, now)));
        if (modules == null) {
            failure = failure == null ? "modules failed" : failure;
        } else {
            counts.put("modules_updated", modules);
            stepCounts(steps, Map.of("modules_updated", modules));
        }
        // phase 9: notifications
        Long sent = phase(steps, "notifications", () -> QuarkusTransaction.requiringNew().call(() -> {
            long n = 0;
            for (Long rule : newRules) {
                String name = learning.ruleName(rule);
                n += notifications.send(tenant, new Notifications.Draft("learning_insight", null, null, "rule", rule,
                        "New prevention rule learned: " + name, "rule:" + rule), now);
            }
            for (Long ap : newAntipatterns) {
                var notice = learning.antipatternNotice(ap);
                n += notifications.send(tenant, new Notifications.Draft("antipattern_warning", notice.projectId(),
                        null, "antipattern", ap, notice.description(), "antipattern:" + ap), now);
            }
            return n;
        }));
        if (sent == null) {
            failure = failure == null ? "notifications failed" : failure;
        } else {
            counts.put("notifications", sent);
            stepCounts(steps, Map.of("notifications", sent));
        }
        return runs.finish(runId, JOB, tenant, started, steps, counts, failure);
    }

    /** Runs a phase; a failure is recorded on the step and yields null (its transaction rolled back). */
    private <T> T phase(List<JobRuns.Step> steps, String name, Supplier<T> body) {
        long t0 = System.nanoTime();
        try {
            T result = body.get();
            steps.add(new JobRuns.Step(name, false, Map.of(), (System.nanoTime() - t0) / 1_000_000, null));
            return result;
        } catch (RuntimeException e) {
            Log.warnf(e, "learning phase %s failed", name);
            steps.add(new JobRuns.Step(name, true, Map.of(), (System.nanoTime() - t0) / 1_000_000,
                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("")));
            return null;
        }
    }

    private static void stepCounts(List<JobRuns.Step> steps, Map<String, Long> counts) {
        JobRuns.Step last = steps.remove(steps.size() - 1);
        steps.add(new JobRuns.Step(last.name(), last.failed(), counts, last.durationMs(), last.message()));
    }

    List<Pair> collect(String tenant) {
        return learning.pairs(tenant);
    }

    long confidence(String tenant, OffsetDateTime now) {
        return learning.refreshConfidences(tenant, now, config.learning().decayHalfLifeDays());
    }

    /** A cluster of ≥ 2 pairs of one error type (phase 3). */
    record Pattern(String type, List<Pair> members, int success, int failure, int partial, double successRate,
            double confidence, List<String> requiredTokens, List<String> fileExtensions, List<String> commands,
            Instant latestOutcome) {
    }

    List<Pattern> patterns(String tenant, List<Pair> pairs, OffsetDateTime now) {
        Map<String, List<Pair>> byType = new LinkedHashMap<>();
        pairs.forEach(p -> byType.computeIfAbsent(p.type(), t -> new ArrayList<>()).add(p));
        List<Pattern> patterns = new ArrayList<>();
        for (Map.Entry<String, List<Pair>> partition : byType.entrySet()) {
            List<List<Pair>> clusters = new ArrayList<>();
            List<Map<String, Double>> centroids = new ArrayList<>();
            for (Pair p : partition.getValue()) {
                Map<String, Double> v = normalized(Tokens.tokens(p.template()));
                int best = -1;
                double bestCos = -1;
                for (int i = 0; i < clusters.size(); i++) {
                    double c = cosine(v, centroids.get(i));
                    if (c > bestCos) {
                        bestCos = c;
                        best = i;
                    }
                }
                if (best >= 0 && bestCos >= config.learning().clusterSimilarity()) {
                    List<Pair> members = clusters.get(best);
                    members.add(p);
                    Map<String, Double> c = centroids.get(best);
                    int n = members.size();
                    Set<String> keys = new LinkedHashSet<>(c.keySet());
                    keys.addAll(v.keySet());
                    for (String k : keys) {
                        double old = c.getOrDefault(k, 0.0);
                        c.put(k, old + (v.getOrDefault(k, 0.0) - old) / n);
                    }
                } else {
                    clusters.add(new ArrayList<>(List.of(p)));
                    centroids.add(new HashMap<>(v));
                }
            }
            for (List<Pair> members : clusters) {
                if (members.size() >= 2) {
                    patterns.add(pattern(tenant, partition.getKey(), members, now));
                }
            }
        }
        return patterns;
    }

    private Pattern pattern(String tenant, String type, List<Pair> members, OffsetDateTime now) {
        int s = 0;
        int f = 0;
        int p = 0;
        Instant latest = Instant.EPOCH;
        for (Pair m : members) {
            s += m.success();
            f += m.failure();
            p += m.partial();
            latest = m.lastApplied().isAfter(latest) ? m.lastApplied() : latest;
        }
        double n = s + f + p;
        double successRate = n == 0 ? 0 : (s + 0.5 * p) / n;
        double confidence = Confidence.wilson(s + 0.5 * p, n)
                * Confidence.decay(ageDays(latest, now), config.learning().decayHalfLifeDays());
        List<String> required = new ArrayList<>();
        List<List<String>> memberTokens = members.stream().map(m -> Arrays.asList(m.template().split("\\s+"))).toList();
        for (String token : memberTokens.get(0)) {
            if (memberTokens.stream().allMatch(t -> t.contains(token))) {
                required.add(token);
            }
        }
        Set<String> extensions = new TreeSet<>();
        for (Pair m : members) {
            if (m.sourceFile() != null) {
                String base = m.sourceFile().substring(m.sourceFile().replace('\\', '/').lastIndexOf('/') + 1);
                int dot = base.lastIndexOf('.');
                if (dot >= 0 && dot < base.length() - 1) {
                    extensions.add(base.substring(dot + 1));
                }
            }
        }
        List<String> commands = commands(tenant, members.stream().map(Pair::errorId).distinct().toArray(Long[]::new));
        return new Pattern(type, members, s, f, p, successRate, confidence, required, List.copyOf(extensions), commands,
                latest);
    }

    /** Up to 5 most frequent normalized commands of the errors' occurrences. */
    List<String> commands(String tenant, Long[] errorIds) {
        Map<String, Integer> frequency = new LinkedHashMap<>();
        learning.occurrenceCommands(tenant, errorIds).forEach(c -> {
            String n = Commands.normalize(c);
            if (n != null) {
                frequency.merge(n, 1, Integer::sum);
            }
        });
        return frequency.entrySet().stream()
                .sorted(Map.Entry.<String, Integer> comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(5).map(Map.Entry::getKey).toList();
    }

    long[] rules(String tenant, List<Pattern> patterns, OffsetDateTime now, List<Long> created) {
        long inserted = 0;
        long updated = 0;
        var l = config.learning();
        for (Pattern p : patterns) {
            if (p.members().size() < l.minOccurrences() || p.confidence() < l.minConfidence()
                    || p.successRate() < l.minSuccessRate()) {
                continue;
            }
            String joined = String.join(" ", p.requiredTokens());
            String dedupKey = Fingerprints.sha256(p.type() + "\u001f" + joined);
            List<Pair> bySolutionConfidence = new ArrayList<>(p.members());
            bySolutionConfidence.sort((a, b) -> Double.compare(b.confidence(), a.confidence()));
            List<Long> solutionIds = bySolutionConfidence.stream().map(Pair::solutionId).distinct().toList();
            Map<String, Object> action = new LinkedHashMap<>();
            action.put("type", "apply_solution");
            action.put("solution_ids", solutionIds);
            action.put("message", bySolutionConfidence.get(0).title());
            Long[] sources = p.members().stream().map(Pair::errorId).distinct().sorted().toArray(Long[]::new);
            Set<Long> projects = new TreeSet<>();
            p.members().forEach(m -> projects.add(m.projectId()));
            Long projectId = projects.size() == 1 ? projects.iterator().next() : null;
            double baseS = p.success() + 0.5 * p.partial();
            double baseN = p.success() + p.failure() + p.partial();
            String ruleType = p.confidence() >= l.autoFixConfidence() ? "auto_fix" : "suggestion";
            String name = "Auto: " + (joined.length() > 50 ? joined.substring(0, 50) : joined);
            RuleDraft draft = new RuleDraft(projectId, dedupKey, name,
                    "Learned from " + p.members().size() + " error–solution pairs of " + p.type(), p.type(),
                    p.requiredTokens().toArray(String[]::new), p.fileExtensions().toArray(String[]::new),
                    p.commands().toArray(String[]::new), toJson(action), ruleType, baseS, baseN, p.confidence(),
                    sources, p.latestOutcome());
            Optional<StoredRule> existing = learning.rule(tenant, dedupKey);
            if (existing.isEmpty()) {
                created.add(learning.insertRule(tenant, draft, now));
                inserted++;
            } else {
                StoredRule stored = existing.get();
                Instant evidence = stored.lastEvidenceAt().isAfter(p.latestOutcome()) ? stored.lastEvidenceAt()
                        : p.latestOutcome();
                double confidence = Confidence.wilson(baseS + stored.successCount(),
                        baseN + stored.successCount() + stored.rejectionCount())
                        * Confidence.decay(ageDays(evidence, now), l.decayHalfLifeDays());
                RuleDraft current = new RuleDraft(draft.projectId(), dedupKey, name, draft.description(), p.type(),
                        draft.requiredTokens(), draft.fileExtensions(), draft.commands(), draft.actionJson(), ruleType,
                        baseS, baseN, confidence, sources, evidence);
                updated += learning.updateRule(stored.id(), current, now, l.minConfidence());
            }
        }
        return new long[] { inserted, updated };
    }

    long prune(String tenant, OffsetDateTime now) {
        var l = config.learning();
        // §7.3's confidence ages with last_evidence_at: refresh it so that rules nobody confirms fade out
        learning.refreshRuleConfidences(tenant, now, l.decayHalfLifeDays());
        return learning.pruneLowConfidenceRules(tenant, now, l.pruneThreshold())
                + learning.pruneRejectedRules(tenant, now, l.pruneMinFeedback(), l.maxRejectionRate());
    }

    long[] antipatterns(String tenant, OffsetDateTime now, List<Long> created) {
        long inserted = 0;
        long updated = 0;
        for (AntipatternCandidate c : learning.antipatternCandidates(tenant)) {
            if (c.failed() < 2) {
                continue;
            }
            String severity = c.failed() >= 4 ? "critical" : "warning";
            double confidence = Math.min(0.9, 0.3 + 0.15 * c.failed());
            List<String> tried = learning.failedAttempts(c.errorId());
            String description = "Recurring error without a working fix: " + c.template()
                    + (tried.isEmpty() ? "" : ". Tried without success: " + String.join("; ", tried));
            String[] commands = commands(tenant, new Long[] { c.errorId() }).toArray(String[]::new);
            AntipatternDraft draft = new AntipatternDraft(description, commands, severity, (int) c.failed(),
                    confidence);
            Optional<Long> existing = learning.antipatternOf(tenant, c.errorId());
            if (existing.isEmpty()) {
                created.add(learning.insertAntipattern(tenant, c, draft, now));
                inserted++;
            } else {
                updated += learning.updateAntipattern(existing.get(), draft, now);
            }
        }
        updated += learning.retireAntipatternsOfSettledErrors(tenant, now);
        return new long[] { inserted, updated };
    }

    long modules(String tenant, OffsetDateTime now) {
        return modules.recomputeConfidence(tenant, null, now);
    }

    static double ageDays(Instant then, OffsetDateTime now) {
        return Math.max(0, (now.toInstant().toEpochMilli() - then.toEpochMilli()) / 86_400_000.0);
    }

    static Map<String, Double> normalized(List<String> tokens) {
        Map<String, Double> v = new HashMap<>();
        tokens.forEach(t -> v.merge(t, 1.0, Double::sum));
        double norm = Math.sqrt(v.values().stream().mapToDouble(x -> x * x).sum());
        if (norm > 0) {
            v.replaceAll((k, x) -> x / norm);
        }
        return v;
    }

    static double cosine(Map<String, Double> a, Map<String, Double> b) {
        double dot = 0;
        for (Map.Entry<String, Double> e : a.entrySet()) {
            dot += e.getValue() * b.getOrDefault(e.getKey(), 0.0);
        }
        double na = Math.sqrt(a.values().stream().mapToDouble(x -> x * x).sum());
        double nb = Math.sqrt(b.values().stream().mapToDouble(x -> x * x).sum());
        return na == 0 || nb == 0 ? 0 : dot / (na * nb);
    }

    private String toJson(Object o) {
        try {
            return json.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

}
