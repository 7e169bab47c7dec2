package dev.brain.research.insight.analysis;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.brain.research.config.ResearchConfig;

/** The analyzers' thresholds (research.md §1.2) as plain values, so the analyzers stay pure functions. */
public record AnalysisSettings(int trendWindowDays, double trendFalling, double trendRising, int successRateWindowDays,
        double successRateDrop, int gapMinOccurrences, int gapCriticalOccurrences, int isolatedErrorsMax,
        double synergyMinWeight, int synergyMinSolutions, int workflowMinSessions, int templateMinAdaptations,
        double templateMinSimilarity, double projectMinCoverage, int toolIdeaMinWeeks,
        Map<String, List<String>> projectTemplates, Duration recencyHalfLife) {

    public static AnalysisSettings of(ResearchConfig config) {
        ResearchConfig.Cycle c = config.cycle();
        return new AnalysisSettings(c.trendWindowDays(), c.trendFalling(), c.trendRising(), c.successRateWindowDays(),
                c.successRateDrop(), c.gapMinOccurrences(), c.gapCriticalOccurrences(), c.isolatedErrorsMax(),
                c.synergyMinWeight(), c.synergyMinSolutions(), c.workflowMinSessions(), c.templateMinAdaptations(),
                c.templateMinSimilarity(), c.projectMinCoverage(), c.toolIdeaMinWeeks(),
                ResearchConfig.parseTemplates(c.projectTemplates()), config.insights().recencyHalfLife());
    }

    /** The design's defaults (the same as ResearchConfig's). */
    public static AnalysisSettings defaults() {
        return new AnalysisSettings(7, -0.3, 0.5, 14, 0.15, 5, 10, 5, 0.5, 2, 3, 3, 0.6, 0.5, 3,
                ResearchConfig.parseTemplates("rest-api=api-client,validation,auth,database;cli-tool=cli,config,logging;"
                        + "data-pipeline=data-processing,validation,database,logging"),
                Duration.ofDays(14));
    }
}
