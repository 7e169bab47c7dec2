package dev.brain.error.grpc;

import java.nio.charset.StandardCharsets;

import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.Redactor;
import dev.brain.error.prevention.Prevention;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.Antipattern;
import dev.brain.grpc.v1.CheckPreventionRequest;
import dev.brain.grpc.v1.CheckPreventionResponse;
import dev.brain.grpc.v1.ListAntipatternsRequest;
import dev.brain.grpc.v1.ListAntipatternsResponse;
import dev.brain.grpc.v1.ListRulesRequest;
import dev.brain.grpc.v1.ListRulesResponse;
import dev.brain.grpc.v1.MutinyPreventionServiceGrpc;
import dev.brain.grpc.v1.PreventionKind;
import dev.brain.grpc.v1.PreventionOutcome;
import dev.brain.grpc.v1.ReportRuleOutcomeRequest;
import dev.brain.grpc.v1.ReportRuleOutcomeResponse;
import dev.brain.grpc.v1.Rule;
import dev.brain.grpc.v1.SetRuleActiveRequest;
import dev.brain.grpc.v1.SetRuleActiveResponse;
import io.grpc.Status;
import io.quarkus.logging.Log;
import io.quarkus.grpc.GrpcService;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code PreventionService} (error-code.md §7). */
@GrpcService
public class PreventionGrpcService extends MutinyPreventionServiceGrpc.PreventionServiceImplBase {

    static final int MAX_CODE_BYTES = 256 * 1024;
    static final int MAX_COMMAND_BYTES = 8 * 1024;

    private final Prevention prevention;
    private final Scopes scopes;

    public PreventionGrpcService(Prevention prevention, Scopes scopes) {
        this.prevention = prevention;
        this.scopes = scopes;
    }

    @Override
    @Blocking
    public Uni<CheckPreventionResponse> checkPrevention(CheckPreventionRequest r) {
        return Uni.createFrom().item(() -> {
            if (r.getCommand().isBlank() && r.getOutput().isBlank() && r.getCode().isBlank()) {
                throw invalid("one of command, output, code is required");
            }
            bytes(r.getCommand(), MAX_COMMAND_BYTES, "command: at most 8 KiB");
            bytes(r.getCode(), MAX_CODE_BYTES, "code: at most 256 KiB");
            if (r.getFilePath().length() > 4096) {
                throw invalid("file_path: at most 4,096 characters");
            }
            AnalyzedError output = r.getOutput().isBlank() ? null : AnalyzedError.of(r.getOutput());
            String command = r.getCommand().isBlank() ? null : Redactor.redact(InputNormalizer.clean(r.getCommand()));
            return QuarkusTransaction.requiringNew().call(() -> {
                CallScope scope = scopes.forCall(r.getScope());
                return CheckPreventionResponse.newBuilder().addAllWarnings(prevention.check(scope,
                        new Prevention.Check(output, command, r.getCode(), r.getFilePath(), r.getNotify()))).build();
            });
        });
    }

    @Override
    @Blocking
    public Uni<ReportRuleOutcomeResponse> reportRuleOutcome(ReportRuleOutcomeRequest r) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forCall(r.getScope());
            if (r.getId() <= 0) {
                throw invalid("id is required");
            }
            if (r.hasBlocking() && r.getKind() != PreventionKind.PREVENTION_KIND_RULE) {
                throw invalid("blocking: only a rule can be marked blocking");
            }
            Object result = r.getOutcome() == PreventionOutcome.PREVENTION_OUTCOME_UNSPECIFIED && r.hasBlocking()
                    ? prevention.rule(scope.tenant(), r.getId())
                    : prevention.reportOutcome(scope, r.getKind(), r.getId(), r.getOutcome(), r.getErrorId());
            if (r.hasBlocking()) {
                result = prevention.setBlocking(scope.tenant(), r.getId(), r.getBlocking(), scope.now());
            }
            Log.infof("%s #%d of tenant %s: outcome %s%s (%s)", r.getKind(), r.getId(), scope.tenant(), r.getOutcome(),
                    r.hasBlocking() ? ", blocking " + r.getBlocking() : "", r.getNote().isBlank() ? "no note" : r.getNote());
            return result instanceof Rule rule ? ReportRuleOutcomeResponse.newBuilder().setRule(rule).build()
                    : ReportRuleOutcomeResponse.newBuilder().setAntipattern((Antipattern) result).build();
        }));
    }

    @Override
    @Blocking
    public Uni<ListRulesResponse> listRules(ListRulesRequest r) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forRead(r.getScope());
            int limit = Pages.limit(r.getLimit());
            int offset = Pages.offset(r.getPageToken());
            var rules = prevention.listRules(scope, r.getActiveOnly(), limit + 1, offset);
            ListRulesResponse.Builder b = ListRulesResponse.newBuilder()
                    .addAllRules(rules.subList(0, Math.min(limit, rules.size())));
            if (rules.size() > limit) {
                b.setNextPageToken(Integer.toString(offset + limit));
            }
            return b.build();
        }));
    }

    @Override
    @Blocking
    public Uni<ListAntipatternsResponse> listAntipatterns(ListAntipatternsRequest r) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forRead(r.getScope());
            int limit = Pages.limit(r.getLimit());
            int offset = Pages.offset(r.getPageToken());
            var rows = prevention.listAntipatterns(scope.tenant(), r.getActiveOnly(), limit + 1, offset);
            ListAntipatternsResponse.Builder b = ListAntipatternsResponse.newBuilder()
                    .addAllAntipatterns(rows.subList(0, Math.min(limit, rows.size())));
            if (rows.size() > limit) {
                b.setNextPageToken(Integer.toString(offset + limit));
            }
            return b.build();
        }));
    }

    @Override
    @Blocking
    public Uni<SetRuleActiveResponse> setRuleActive(SetRuleActiveRequest r) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forCall(r.getScope());
            return SetRuleActiveResponse.newBuilder()
                    .setRule(prevention.setActive(scope.tenant(), r.getRuleId(), r.getActive(), scope.now())).build();
        }));
    }

    private static void bytes(String s, int max, String message) {
        if (s.getBytes(StandardCharsets.UTF_8).length > max) {
            throw invalid(message);
        }
    }

    static RuntimeException invalid(String description) {
        return Status.INVALID_ARGUMENT.withDescription(description).asRuntimeException();
    }
}
