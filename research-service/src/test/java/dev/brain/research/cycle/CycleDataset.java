package dev.brain.research.cycle;

import java.util.List;

import dev.brain.grpc.v1.*;
import dev.brain.research.support.ServiceDoubles;

/**
 * A constructed dataset for one tenant in the service doubles on which every analyzer of the cycle fires once (or
 * twice): 11 insights — trends 1 (success rate 0.6 vs 0.8), gaps 4 (error 101 ×12 critical, 102 ×6 high, shared
 * fingerprint, 7 isolated errors), synergies 3 (modules 11+12, projects api→web, workflow), templates 1, project
 * suggestions 2 (rest-api and data-pipeline at coverage 0.5).
 */
final class CycleDataset {

    static final int INSIGHTS = 11;

    private CycleDataset() {
    }

    static String tenant(String prefix) {
        return prefix + "-" + java.util.UUID.randomUUID().toString().substring(0, 8);
    }

    /** Makes {@code tenants} eligible (errors + solutions ≥ 10) in ResearchTenants. */
    static void eligible(String... tenants) {
        ResearchTenantsResponse.Builder b = ResearchTenantsResponse.newBuilder();
        for (String t : tenants) {
            b.addTenants(TenantDataPoints.newBuilder().setTenant(t).setErrors(8).setSolutions(2));
        }
        ServiceDoubles.get().answer("*", b.build());
    }

    static RecurringError error(long id, long project, String type, int occurrences) {
        return RecurringError.newBuilder().setError(ErrorRecord.newBuilder().setId(id).setProjectId(project)
                .setProject(project == 1 ? "api" : "web").setFingerprint("fp" + id).setErrorType(type)
                .setMessageTemplate(type + " in handler " + id).setOccurrenceCount(occurrences)).build();
    }

    static UnresolvedRecurringResponse unresolved(int occurrencesOf101, boolean with102) {
        UnresolvedRecurringResponse.Builder b = UnresolvedRecurringResponse.newBuilder()
                .addErrors(error(101, 1, "TypeError", occurrencesOf101));
        if (with102) {
            b.addErrors(error(102, 2, "KeyError", 6));
        }
        for (long id = 103; id <= 107; id++) {
            b.addErrors(error(id, 2, "ValueError", 1));
        }
        return b.build();
    }

    static void seed(String tenant) {
        ServiceDoubles d = ServiceDoubles.get();
        d.reset(tenant);
        d.answer(tenant, ListProjectsResponse.newBuilder()
                .addProjects(Project.newBuilder().setId(1).setName("api"))
                .addProjects(Project.newBuilder().setId(2).setName("web"))
                .addProjects(Project.newBuilder().setId(3).setName("cli")).build());
        d.answer(tenant, rates(8, 2));
        d.answerRecentRates(tenant, rates(3, 2));
        d.answer(tenant, unresolved(12, true));
        d.answer(tenant, CrossProjectFingerprintsResponse.newBuilder()
                .addFingerprints(CrossProjectFingerprint.newBuilder().setFingerprint("shared1").setErrorType("OSError")
                        .setMessageTemplate("disk full at <PATH>")
                        .addProjects(FingerprintProject.newBuilder().setProjectId(2).setProject("web").setErrorId(201))
                        .addProjects(FingerprintProject.newBuilder().setProjectId(3).setProject("cli").setErrorId(301)))
                .addFingerprints(fixed("fixA", 501, 202))
                .addFingerprints(fixed("fixB", 502, 203)).build());
        d.answer(tenant, ListSynapsesResponse.newBuilder()
                .addSynapses(coOccurs(11, 12, 0.7)).addSynapses(coOccurs(13, 14, 0.3)).build());
        d.answer(tenant, ChainSequencesResponse.newBuilder().addSequences(ChainSequence.newBuilder()
                .addFingerprints("fp-a").addFingerprints("fp-b").addErrorTypes("ImportError").addErrorTypes("NameError")
                .setSessionCount(4).addErrorIds(601).addErrorIds(602).addProjectIds(1)).build());
        d.answer(tenant, ModuleAdaptationGroupsResponse.newBuilder().addGroups(ModuleAdaptationGroup.newBuilder()
                .addModuleIds(21).addModuleIds(22).addModuleIds(23).addProjectIds(1).addProjectIds(2).addProjectIds(3)
                .setAdaptationCount(3).setMinScore(0.7).setMeanScore(0.75).setBestModuleId(22)).build());
        d.answer(tenant, ModuleCapabilitiesResponse.newBuilder()
                .addCapabilities(ModuleCapability.newBuilder().setKind(CapabilityKind.CAPABILITY_KIND_CATEGORY)
                        .setName("validation").addModuleIds(31).addProjectIds(1))
                .addCapabilities(ModuleCapability.newBuilder().setKind(CapabilityKind.CAPABILITY_KIND_LABEL)
                        .setName("database").addModuleIds(32).addProjectIds(2))
                .build());
    }

    static SolutionSuccessRatesResponse rates(long success, long failure) {
        return SolutionSuccessRatesResponse.newBuilder().setOverall(SuccessRate.newBuilder().setSuccess(success)
                .setFailure(failure).setRate((double) success / (success + failure))).build();
    }

    static CrossProjectFingerprint fixed(String fp, long solution, long openError) {
        return CrossProjectFingerprint.newBuilder().setFingerprint(fp).setErrorType("ImportError")
                .addProjects(FingerprintProject.newBuilder().setProjectId(1).setProject("api").setErrorId(openError - 100)
                        .setResolved(true).setBestSolutionId(solution))
                .addProjects(FingerprintProject.newBuilder().setProjectId(2).setProject("web").setErrorId(openError))
                .build();
    }

    static Synapse coOccurs(long a, long b, double weight) {
        return Synapse.newBuilder().setId(a * 1000 + b).setType(SynapseType.SYNAPSE_TYPE_CO_OCCURS).setWeight(weight)
                .setSource(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_CODE_MODULE).setId(a))
                .setTarget(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_CODE_MODULE).setId(b))
                .setSourceLabel("module" + a).setTargetLabel("module" + b).build();
    }

    /** All events sent for the tenant so far. */
    static List<SynapseEvent> events(String tenant) {
        return ServiceDoubles.get().calls(tenant, "ApplySynapseEvents").stream()
                .flatMap(c -> ((ApplySynapseEventsRequest) c.request()).getEventsList().stream()).toList();
    }

    static List<CreateNotificationRequest> notifications(String tenant) {
        return ServiceDoubles.get().calls(tenant, "CreateNotification").stream()
                .map(c -> (CreateNotificationRequest) c.request()).toList();
    }
}
