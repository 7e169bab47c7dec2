package dev.brain.error.prevention;

import static dev.brain.tenancy.BadInput.invalid;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.Confidence;
import dev.brain.error.intake.Tokens;
import dev.brain.error.notification.Notifications;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.prevention.repository.PreventionRepository;
import dev.brain.error.prevention.repository.PreventionRepository.Candidate;
import dev.brain.error.prevention.repository.PreventionRepository.RemovedBy;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.Antipattern;
import dev.brain.grpc.v1.PreventionKind;
import dev.brain.grpc.v1.PreventionOutcome;
import dev.brain.grpc.v1.PreventionWarning;
import dev.brain.grpc.v1.Rule;
import dev.brain.grpc.v1.RuleType;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.Severity;
import io.grpc.Status;
import io.quarkus.logging.Log;

/**
 * Prevention (error-code.md §7): rules and antipatterns checked against an error output, a command, or code
 * lines that a solution removed; feedback on warnings.
 */
@ApplicationScoped
@Transactional
public class Prevention {

    static final double ANTIPATTERN_MESSAGE_SIMILARITY = 0.80;
    static final double SOLUTION_CODE_MIN_CONFIDENCE = 0.3;

    private final PreventionRepository repository;
    private final Scopes scopes;
    private final Notifications notifications;
    private final Outbox outbox;

    public Prevention(PreventionRepository repository, Scopes scopes, Notifications notifications, Outbox outbox) {
        this.repository = repository;
        this.scopes = scopes;
        this.notifications = notifications;
        this.outbox = outbox;
    }

    /** What to check; any field may be null. */
    public record Check(AnalyzedError output, String command, String code, String filePath, boolean notifySession) {
    }

    /**
     * Feedback on a warning (§7.3) and a person's decision whether a rule blocks: {@code outcome} UNSPECIFIED with
     * {@code blocking} given only sets blocking; {@code blocking} null leaves it as it is.
     */
    public record Feedback(PreventionKind kind, long id, PreventionOutcome outcome, long errorId, Boolean blocking,
            String note) {
    }

    /** The rule or the antipattern as the feedback left it: exactly one of the two is set. */
    public record Updated(Rule rule, Antipattern antipattern) {

        static Updated of(Rule rule) {
            return new Updated(rule, null);
        }

        static Updated of(Antipattern antipattern) {
            return new Updated(null, antipattern);
        }
    }

    /** {@code CheckPrevention}: the warnings for the scope (its project is created when missing). */
    public List<PreventionWarning> check(Scope requestScope, Check check) {
        return check(scopes.forCall(requestScope), check);
    }

    /** The warnings for {@code check} in the scope, inside the caller's transaction (ReportError's). */
    public List<PreventionWarning> check(CallScope scope, Check check) {
        List<Rule> rules = List.of();
        List<Candidate> antipatterns = List.of();
        if (check.output() != null) {
            AnalyzedError e = check.output();
            rules = repository.rulesForOutput(scope.tenant(), scope.projectId(), e.parsed().type());
            antipatterns = repository.antipatternsForOutput(e.template(), scope.tenant(), scope.projectId(),
                    e.fingerprint(), e.parsed().type());
        }
        return check(scope, check, rules, antipatterns);
    }

    /**
     * The warnings for {@code check} with the output's candidates already read
     * ({@link PreventionRepository#outputRules(String)}, {@link PreventionRepository#outputAntipatterns(String)}); the
     * triggered rules and antipatterns are counted (a statement only when one is).
     */
    public List<PreventionWarning> check(CallScope scope, Check check, List<Rule> outputRules,
            List<Candidate> outputAntipatterns) {
        Map<String, PreventionWarning> warnings = new LinkedHashMap<>();
        List<Long> ruleIds = new ArrayList<>();
        List<Long> antipatternIds = new ArrayList<>();
        if (check.output() != null) {
            AnalyzedError e = check.output();
            for (Rule r : outputRules) {
                if (Commands.inOrder(r.getRequiredTokensList(), e.template())
                        && extensionMatches(r.getFileExtensionsList(), e.parsed().sourceFile())) {
                    warnings.putIfAbsent("rule:" + r.getId(), ruleWarning(r, "output"));
                    ruleIds.add(r.getId());
                }
            }
            for (Candidate c : outputAntipatterns) {
                Antipattern a = c.antipattern();
                double message = Math.max(c.trigram(), Tokens.cosine(Tokens.tokens(e.template()),
                        Tokens.tokens(a.getMessageTemplate())));
                if (a.getFingerprint().equals(e.fingerprint()) || message >= ANTIPATTERN_MESSAGE_SIMILARITY) {
                    warnings.putIfAbsent("antipattern:" + a.getId(), antipatternWarning(a, "output"));
                    antipatternIds.add(a.getId());
                }
            }
        }
        String command = Commands.normalize(check.command());
        if (command != null) {
            for (Rule r : repository.commandRules(scope.tenant(), scope.projectId())) {
                if (Commands.matches(command, r.getCommandsList())) {
                    warnings.putIfAbsent("rule:" + r.getId(), ruleWarning(r, "command"));
                    ruleIds.add(r.getId());
                }
            }
            for (Antipattern a : repository.commandAntipatterns(scope.tenant(), scope.projectId())) {
                if (Commands.matches(command, a.getCommandsList())) {
                    warnings.putIfAbsent("antipattern:" + a.getId(), antipatternWarning(a, "command"));
                    antipatternIds.add(a.getId());
                }
            }
        }
        if (check.code() != null && !check.code().isBlank()) {
            for (String[] line : RemovedLines.lines(check.code())) {
                for (RemovedBy removed : repository.solutionsThatRemoved(scope.tenant(), line[1],
                        SOLUTION_CODE_MIN_CONFIDENCE)) {
                    long solution = removed.solutionId();
                    List<Long> errors = removed.errorIds();
                    warnings.putIfAbsent("solution:" + solution + ":" + line[1], PreventionWarning.newBuilder()
                            .setKind(PreventionKind.PREVENTION_KIND_SOLUTION_CODE).setId(solution)
                            .setSeverity(Severity.SEVERITY_WARNING)
                            .setMessage("this line was removed by solution #" + solution + " to fix error #"
                                    + errors.get(0))
                            .setConfidence(removed.confidence()).addSolutionIds(solution).addAllErrorIds(errors)
                            .setMatchedOn("code").setLine(line[0]).build());
                }
            }
        }
        if (!ruleIds.isEmpty()) {
            repository.countRuleTriggers(scope.tenant(), ruleIds.stream().distinct().toArray(Long[]::new));
        }
        if (!antipatternIds.isEmpty()) {
            repository.countAntipatternTriggers(scope.tenant(), antipatternIds.stream().distinct().toArray(Long[]::new));
        }
        List<PreventionWarning> result = new ArrayList<>(warnings.values());
        result.sort(Comparator.comparingInt((PreventionWarning w) -> w.getSeverity().getNumber()).reversed()
                .thenComparing(Comparator.comparingDouble(PreventionWarning::getConfidence).reversed()));
        if (check.notifySession() && scope.sessionId() != null) {
            for (PreventionWarning w : result) {
                if (w.getKind() == PreventionKind.PREVENTION_KIND_SOLUTION_CODE) {
                    continue;
                }
                boolean rule = w.getKind() == PreventionKind.PREVENTION_KIND_RULE;
                notifications.send(scope.tenant(), new Notifications.Draft(
                        rule ? "rule_triggered" : "antipattern_warning", scope.projectId(), scope.sessionId(),
                        rule ? "rule" : "antipattern", w.getId(), w.getMessage(),
                        (rule ? "rule_triggered:" : "antipattern_warning:") + w.getId() + ":" + scope.sessionId()),
                        scope.now());
            }
        }
        return result;
    }

    static boolean extensionMatches(List<String> extensions, String sourceFile) {
        if (extensions.isEmpty() || sourceFile == null || sourceFile.isEmpty()) {
            return true;
        }
        String base = sourceFile.substring(sourceFile.replace('\\', '/').lastIndexOf('/') + 1);
        int dot = base.lastIndexOf('.');
        return dot >= 0 && extensions.contains(base.substring(dot + 1)) || dot >= 0 && extensions.contains(base.substring(dot));
    }

    private static PreventionWarning ruleWarning(Rule r, String on) {
        String message = r.getAction().getMessage().isEmpty() ? r.getName()
                : r.getName() + " — " + r.getAction().getMessage();
        return PreventionWarning.newBuilder().setKind(PreventionKind.PREVENTION_KIND_RULE).setId(r.getId())
                .setSeverity(ruleSeverity(r.getRuleType())).setMessage(message)
                .setConfidence(r.getConfidence()).addAllSolutionIds(r.getAction().getSolutionIdsList())
                .addAllErrorIds(r.getSourceErrorIdsList()).setMatchedOn(on).setBlocking(r.getBlocking()).build();
    }

    /** §7.2: auto_fix/prevention critical, warning warning, suggestion info. */
    static Severity ruleSeverity(RuleType type) {
        return switch (type) {
            case RULE_TYPE_AUTO_FIX, RULE_TYPE_PREVENTION -> Severity.SEVERITY_CRITICAL;
            case RULE_TYPE_WARNING -> Severity.SEVERITY_WARNING;
            default -> Severity.SEVERITY_INFO;
        };
    }

    private static PreventionWarning antipatternWarning(Antipattern a, String on) {
        return PreventionWarning.newBuilder().setKind(PreventionKind.PREVENTION_KIND_ANTIPATTERN).setId(a.getId())
                .setSeverity(a.getSeverity()).setMessage(a.getDescription()).setConfidence(a.getConfidence())
                .addErrorIds(a.getSourceErrorId()).setMatchedOn(on).build();
    }

    /** {@code ReportRuleOutcome}: the feedback recorded and logged with its note. */
    public Updated review(Scope requestScope, Feedback feedback) {
        CallScope scope = scopes.forCall(requestScope);
        long id = feedback.id();
        if (id <= 0) {
            throw invalid("id is required");
        }
        boolean setsBlocking = feedback.blocking() != null;
        if (setsBlocking && feedback.kind() != PreventionKind.PREVENTION_KIND_RULE) {
            throw invalid("blocking: only a rule can be marked blocking");
        }
        Updated updated = feedback.outcome() == PreventionOutcome.PREVENTION_OUTCOME_UNSPECIFIED && setsBlocking
                ? Updated.of(rule(scope.tenant(), id))
                : reportOutcome(scope, feedback.kind(), id, feedback.outcome(), feedback.errorId());
        if (setsBlocking) {
            updated = Updated.of(setBlocking(scope.tenant(), id, feedback.blocking(), scope.now()));
        }
        Log.infof("%s #%d of tenant %s: outcome %s%s (%s)", feedback.kind(), id, scope.tenant(), feedback.outcome(),
                setsBlocking ? ", blocking " + feedback.blocking() : "",
                feedback.note().isBlank() ? "no note" : feedback.note());
        return updated;
    }

    /** A person's decision that a rule asks before a matching command runs (blocking) or only warns. */
    private Rule setBlocking(String tenant, long id, boolean blocking, OffsetDateTime now) {
        rule(tenant, id);
        repository.setBlocking(tenant, id, blocking, now);
        return rule(tenant, id);
    }

    /** §7.3 feedback; returns the updated rule or antipattern. */
    private Updated reportOutcome(CallScope scope, PreventionKind kind, long id, PreventionOutcome outcome, long errorId) {
        if (outcome != PreventionOutcome.PREVENTION_OUTCOME_PREVENTED
                && outcome != PreventionOutcome.PREVENTION_OUTCOME_REJECTED) {
            throw invalid("outcome must be PREVENTED or REJECTED");
        }
        boolean prevented = outcome == PreventionOutcome.PREVENTION_OUTCOME_PREVENTED;
        OffsetDateTime now = scope.now();
        if (kind == PreventionKind.PREVENTION_KIND_RULE) {
            Rule rule = rule(scope.tenant(), id);
            int success = rule.getSuccessCount() + (prevented ? 1 : 0);
            int rejection = rule.getRejectionCount() + (prevented ? 0 : 1);
            double confidence = Confidence.wilson(rule.getBaseSuccesses() + success,
                    rule.getBaseTotal() + success + rejection);
            repository.setRuleEvidence(scope.tenant(), id, success, rejection, confidence, now);
            if (prevented) {
                long target = errorId > 0 ? errorId : rule.getSourceErrorIds(0);
                String template = repository.errorLabel(scope.tenant(), target)
                        .orElseThrow(() -> Status.NOT_FOUND.withDescription("error_id " + target + ": no such error")
                                .asRuntimeException());
                outbox.strengthen(scope.tenant(), scope.project(), "prevents", Node.rule(id, rule.getName()),
                        new Node("error", target, template), null, now);
            }
            return Updated.of(rule(scope.tenant(), id));
        }
        if (kind == PreventionKind.PREVENTION_KIND_ANTIPATTERN) {
            antipattern(scope.tenant(), id);
            repository.countAntipatternFeedback(scope.tenant(), id, prevented, now);
            return Updated.of(antipattern(scope.tenant(), id));
        }
        throw invalid("kind must be RULE or ANTIPATTERN");
    }

    private Rule rule(String tenant, long id) {
        return repository.rule(tenant, id)
                .orElseThrow(() -> Status.NOT_FOUND.withDescription("id " + id + ": no such rule").asRuntimeException());
    }

    private Antipattern antipattern(String tenant, long id) {
        return repository.antipattern(tenant, id)
                .orElseThrow(() -> Status.NOT_FOUND.withDescription("id " + id + ": no such antipattern")
                        .asRuntimeException());
    }

    /**
     * Rules by confidence desc, id asc; keyset page token = offset (small lists). A project named: its rules and the
     * tenant-wide ones (a project the tenant never used has only the latter) — with {@code aboutProjectOnly}, a
     * tenant-wide rule only when it was learned from an error of the project (its source errors, by primary key).
     */
    public List<Rule> listRules(Scope requestScope, boolean activeOnly, int limit, int offset, boolean aboutProjectOnly) {
        CallScope scope = scopes.forRead(requestScope);
        Long projectId = scope.project() == null ? null : scope.projectId() == null ? -1L : scope.projectId();
        return repository.listRules(scope.tenant(), activeOnly, projectId, aboutProjectOnly, limit, offset);
    }

    /** Antipatterns by severity, confidence desc, id asc. */
    public List<Antipattern> listAntipatterns(Scope requestScope, boolean activeOnly, int limit, int offset) {
        String tenant = scopes.forRead(requestScope).tenant();
        return repository.listAntipatterns(tenant, activeOnly, limit, offset);
    }

    /** {@code SetRuleActive}: the rule switched on or off (on clears its prune reason). */
    public Rule setActive(Scope requestScope, long id, boolean active) {
        CallScope scope = scopes.forCall(requestScope);
        String tenant = scope.tenant();
        OffsetDateTime now = scope.now();
        rule(tenant, id);
        repository.setActive(tenant, id, active, now);
        return rule(tenant, id);
    }

}
