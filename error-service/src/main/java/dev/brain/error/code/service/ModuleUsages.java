package dev.brain.error.code.service;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.code.mapping.ModuleMapper;
import dev.brain.error.code.repository.ModuleRepository;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.solution.repository.SolutionRepository;
import dev.brain.grpc.v1.CodeModule;
import dev.brain.grpc.v1.GetModuleRequest;
import dev.brain.grpc.v1.GetModuleResponse;
import dev.brain.grpc.v1.ListModulesRequest;
import dev.brain.grpc.v1.ModuleUsage;
import dev.brain.grpc.v1.ReportModuleUsageRequest;
import dev.brain.grpc.v1.ReportModuleUsageResponse;
import dev.brain.grpc.v1.UpdateUsageOutcomeRequest;
import dev.brain.grpc.v1.UpdateUsageOutcomeResponse;
import dev.brain.tenancy.BadInput;
import io.grpc.Status;

/**
 * Usages and reads of registered modules (error-code.md §9.8): a usage counts on its module (reuse, adaptation,
 * last used), recomputes the module's confidence (§8 phase 8) and writes {@code uses_module} project → module,
 * solution → module when it names one, and {@code co_occurs} module → each of up to 20 other modules present in
 * that project (what research-service's synergies read).
 */
@ApplicationScoped
@Transactional
public class ModuleUsages {

    /** Other modules of the project a reuse co-occurs with (§9.8). */
    static final int CO_PRESENT = 20;
    static final int RECENT_USAGES = 50;

    private final Scopes scopes;
    private final ModuleRepository modules;
    private final SolutionRepository solutions;
    private final Outbox outbox;

    public ModuleUsages(Scopes scopes, ModuleRepository modules, SolutionRepository solutions, Outbox outbox) {
        this.scopes = scopes;
        this.modules = modules;
        this.solutions = solutions;
        this.outbox = outbox;
    }

    public ReportModuleUsageResponse report(ReportModuleUsageRequest r) {
        long moduleId = CodeInputs.id(r.getModuleId(), "module_id");
        String filePath = CodeInputs.filePath(r.getFilePath(), true);
        String usageType = ModuleMapper.column(r.getUsageType());
        if (usageType == null) {
            throw BadInput.invalid("usage_type", "required: EXACT, ADAPTED or PATTERN_BASED");
        }
        if (r.getAdaptationsCount() > CodeInputs.MAX_ADAPTATIONS) {
            throw BadInput.invalid("adaptations", "at most " + CodeInputs.MAX_ADAPTATIONS);
        }
        List<String> adaptations = new ArrayList<>();
        for (String a : r.getAdaptationsList()) {
            if (a.codePointCount(0, a.length()) > CodeInputs.MAX_ADAPTATION) {
                throw BadInput.invalid("adaptations", "each at most " + CodeInputs.MAX_ADAPTATION + " characters");
            }
            adaptations.add(a.strip());
        }
        CallScope scope = scopes.forWrite(r.getScope());
        CodeModule module = require(scope.tenant(), moduleId);
        Long solutionId = r.getSolutionId() == 0 ? null : r.getSolutionId();
        if (solutionId != null && !solutions.exists(scope.tenant(), solutionId)) {
            throw Status.NOT_FOUND.withDescription("solution_id " + solutionId + ": no such solution")
                    .asRuntimeException();
        }
        long usageId = modules.insertUsage(scope.tenant(), moduleId, scope.projectId(), filePath, usageType,
                ModuleMapper.adaptationsJson(adaptations), solutionId, ModuleMapper.column(r.getOutcome()),
                scope.sessionId(), scope.now());
        modules.recomputeConfidence(scope.tenant(), moduleId, scope.now());
        Node node = Node.module(moduleId, module.getName(), module.getFilePath());
        List<Outbox.Strengthen> events = new ArrayList<>();
        events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "uses_module",
                Node.project(scope.projectId(), scope.project()), node, java.util.Map.of("usage_type", usageType)));
        if (solutionId != null) {
            String title = solutions.title(solutionId).orElse(null);
            events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "uses_module",
                    Node.solution(solutionId, title), node, null));
        }
        for (CodeModule other : modules.presentInProject(scope.tenant(), scope.projectId(), moduleId, CO_PRESENT)) {
            events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "co_occurs", node,
                    Node.module(other.getId(), other.getName(), other.getFilePath()), null));
        }
        outbox.strengthen(events, scope.now());
        return ReportModuleUsageResponse.newBuilder().setUsage(modules.usage(scope.tenant(), usageId).orElseThrow())
                .setModule(require(scope.tenant(), moduleId)).build();
    }

    public UpdateUsageOutcomeResponse updateOutcome(UpdateUsageOutcomeRequest r) {
        long usageId = CodeInputs.id(r.getUsageId(), "usage_id");
        CallScope scope = scopes.forRead(r.getScope());
        ModuleUsage usage = modules.usage(scope.tenant(), usageId).orElseThrow(() -> Status.NOT_FOUND
                .withDescription("usage_id " + usageId + ": no such usage").asRuntimeException());
        modules.updateOutcome(scope.tenant(), usageId, ModuleMapper.column(r.getOutcome()));
        modules.recomputeConfidence(scope.tenant(), usage.getModuleId(), scope.now());
        return UpdateUsageOutcomeResponse.newBuilder().setUsage(modules.usage(scope.tenant(), usageId).orElseThrow())
                .setModule(require(scope.tenant(), usage.getModuleId())).build();
    }

    public GetModuleResponse get(GetModuleRequest r) {
        long moduleId = CodeInputs.id(r.getModuleId(), "module_id");
        CallScope scope = scopes.forRead(r.getScope());
        CodeModule module = modules.find(scope.tenant(), moduleId, true).orElseThrow(() -> notFound(moduleId));
        return GetModuleResponse.newBuilder().setModule(module)
                .addAllSimilar(modules.similarities(scope.tenant(), moduleId))
                .addAllUsages(modules.usages(scope.tenant(), moduleId, RECENT_USAGES)).build();
    }

    /** A page of the tenant's modules ({@code scope.project} narrows to one project; unknown → none). */
    public List<CodeModule> list(ListModulesRequest r, int fetch, int offset) {
        String language = CodeInputs.language(r.getLanguage());
        String category = CodeInputs.optional(r.getCategory(), "category", CodeInputs.MAX_CATEGORY);
        CallScope scope = scopes.forRead(r.getScope());
        if (scope.project() != null && scope.projectId() == null) {
            return List.of();
        }
        return modules.list(scope.tenant(), scope.projectId(), language, category, fetch, offset);
    }

    private CodeModule require(String tenant, long moduleId) {
        return modules.find(tenant, moduleId, false).orElseThrow(() -> notFound(moduleId));
    }

    private static RuntimeException notFound(long moduleId) {
        return Status.NOT_FOUND.withDescription("module_id " + moduleId + ": no such module").asRuntimeException();
    }
}
