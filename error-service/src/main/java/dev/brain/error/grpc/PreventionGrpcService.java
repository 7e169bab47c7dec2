package dev.brain.error.grpc;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.brain.db.Page;
import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.Redactor;
import dev.brain.error.prevention.Prevention;
import dev.brain.grpc.v1.Antipattern;
import dev.brain.grpc.v1.CheckPreventionRequest;
import dev.brain.grpc.v1.CheckPreventionResponse;
import dev.brain.grpc.v1.ListAntipatternsRequest;
import dev.brain.grpc.v1.ListAntipatternsResponse;
import dev.brain.grpc.v1.ListRulesRequest;
import dev.brain.grpc.v1.ListRulesResponse;
import dev.brain.grpc.v1.MutinyPreventionServiceGrpc;
import dev.brain.grpc.v1.ReportRuleOutcomeRequest;
import dev.brain.grpc.v1.ReportRuleOutcomeResponse;
import dev.brain.grpc.v1.Rule;
import dev.brain.grpc.v1.SetRuleActiveRequest;
import dev.brain.grpc.v1.SetRuleActiveResponse;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code PreventionService} (error-code.md §7). */
@GrpcService
public class PreventionGrpcService extends MutinyPreventionServiceGrpc.PreventionServiceImplBase {

    static final int MAX_CODE_BYTES = 256 * 1024;
    static final int MAX_COMMAND_BYTES = 8 * 1024;

    private final Prevention prevention;

    public PreventionGrpcService(Prevention prevention) {
        this.prevention = prevention;
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
            return CheckPreventionResponse.newBuilder().addAllWarnings(prevention.check(r.getScope(),
                    new Prevention.Check(output, command, r.getCode(), r.getFilePath(), r.getNotify()))).build();
        });
    }

    @Override
    @Blocking
    public Uni<ReportRuleOutcomeResponse> reportRuleOutcome(ReportRuleOutcomeRequest r) {
        return Uni.createFrom().item(() -> {
            Prevention.Updated updated = prevention.review(r.getScope(), new Prevention.Feedback(r.getKind(),
                    r.getId(), r.getOutcome(), r.getErrorId(), r.hasBlocking() ? r.getBlocking() : null, r.getNote()));
            return updated.rule() != null ? ReportRuleOutcomeResponse.newBuilder().setRule(updated.rule()).build()
                    : ReportRuleOutcomeResponse.newBuilder().setAntipattern(updated.antipattern()).build();
        });
    }

    @Override
    @Blocking
    public Uni<ListRulesResponse> listRules(ListRulesRequest r) {
        return Uni.createFrom().item(() -> {
            Page page = Pages.page(r.getLimit(), r.getPageToken());
            List<Rule> rules = prevention.listRules(r.getScope(), r.getActiveOnly(), page.fetch(), page.offset(),
                    r.getAboutProjectOnly());
            return ListRulesResponse.newBuilder().addAllRules(page.rows(rules))
                    .setNextPageToken(page.nextToken(rules.size())).build();
        });
    }

    @Override
    @Blocking
    public Uni<ListAntipatternsResponse> listAntipatterns(ListAntipatternsRequest r) {
        return Uni.createFrom().item(() -> {
            Page page = Pages.page(r.getLimit(), r.getPageToken());
            List<Antipattern> rows = prevention.listAntipatterns(r.getScope(), r.getActiveOnly(), page.fetch(),
                    page.offset());
            return ListAntipatternsResponse.newBuilder().addAllAntipatterns(page.rows(rows))
                    .setNextPageToken(page.nextToken(rows.size())).build();
        });
    }

    @Override
    @Blocking
    public Uni<SetRuleActiveResponse> setRuleActive(SetRuleActiveRequest r) {
        return Uni.createFrom().item(() -> SetRuleActiveResponse.newBuilder()
                .setRule(prevention.setActive(r.getScope(), r.getRuleId(), r.getActive())).build());
    }

    private static void bytes(String s, int max, String message) {
        if (s.getBytes(StandardCharsets.UTF_8).length > max) {
            throw invalid(message);
        }
    }

}
