package dev.brain.research.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Constants of the Research Brain (research.md §1.2), each with the design's default. */
@ConfigMapping(prefix = "brain.research")
public interface ResearchConfig {

    Cycle cycle();

    Insights insights();

    /** How long a call to error-service or memory-service may take. */
    @WithDefault("10s")
    Duration callDeadline();

    /** §1.2: the scheduled cycle and the thresholds of its analyzers. */
    interface Cycle {
        /** Period of the scheduled cycle (a Quarkus scheduler expression, e.g. {@code 60m}). */
        @WithDefault("60m")
        String every();

        /** First scheduled run after start. */
        @WithDefault("5m")
        String delay();

        /** Whether the scheduler runs the cycle at all ({@code RunCycle} always works). */
        @WithDefault("true")
        boolean enabled();

        /** Below this many errors + solutions a tenant's cycle is skipped. */
        @WithDefault("10")
        int minDataPoints();

        @WithDefault("7")
        int trendWindowDays();

        /** Change at or below this (−30 %) is a falling trend. */
        @WithDefault("-0.3")
        double trendFalling();

        /** Change at or above this (+50 %) is a rising trend. */
        @WithDefault("0.5")
        double trendRising();

        /** Window of the recent solution success rate, in days. */
        @WithDefault("14")
        int successRateWindowDays();

        /** A recent success rate more than this below the overall rate is a declining trend. */
        @WithDefault("0.15")
        double successRateDrop();

        @WithDefault("5")
        int gapMinOccurrences();

        /** Occurrences from which a gap is critical. */
        @WithDefault("10")
        int gapCriticalOccurrences();

        /** More than this many errors without any synapse → a low gap. */
        @WithDefault("5")
        int isolatedErrorsMax();

        @WithDefault("0.5")
        double synergyMinWeight();

        /** Solutions of project A that solve fingerprints unresolved in project B. */
        @WithDefault("2")
        int synergyMinSolutions();

        /** Sessions in which the same ordered fingerprint sequence recurs for a workflow synergy. */
        @WithDefault("3")
        int workflowMinSessions();

        @WithDefault("3")
        int templateMinAdaptations();

        @WithDefault("0.6")
        double templateMinSimilarity();

        /** Share of a project template's capabilities the tenant's modules must cover. */
        @WithDefault("0.5")
        double projectMinCoverage();

        /** Distinct weeks in which the same gap recurs before it becomes a tool idea. */
        @WithDefault("3")
        int toolIdeaMinWeeks();

        /**
         * The catalogue of project templates: name → capabilities (module categories or labels). The defaults
         * are the seed's three; more may be configured.
         */
        @WithDefault("rest-api=api-client,validation,auth,database;cli-tool=cli,config,logging;"
                + "data-pipeline=data-processing,validation,database,logging")
        String projectTemplates();
    }

    /** §1.1 lifecycle limits. */
    interface Insights {
        /** Default lifetime of an insight. */
        @WithDefault("30d")
        Duration expiry();

        /** Active insights kept per tenant (the lowest priority expire first). */
        @WithDefault("200")
        int maxActive();

        /** Half-life of an insight's recency in the prioritise phase. */
        @WithDefault("14d")
        Duration recencyHalfLife();
    }

    /** The parsed project-template catalogue: name → required capabilities. */
    static Map<String, List<String>> parseTemplates(String catalogue) {
        Map<String, List<String>> templates = new java.util.LinkedHashMap<>();
        for (String template : catalogue.split(";")) {
            if (template.isBlank()) {
                continue;
            }
            String[] nameAndCaps = template.split("=", 2);
            if (nameAndCaps.length != 2) {
                throw new IllegalArgumentException("brain.research.cycle.project-templates: '" + template
                        + "' is not name=capability,capability");
            }
            templates.put(nameAndCaps[0].trim(), java.util.Arrays.stream(nameAndCaps[1].split(","))
                    .map(String::trim).filter(c -> !c.isEmpty()).toList());
        }
        return templates;
    }
}
