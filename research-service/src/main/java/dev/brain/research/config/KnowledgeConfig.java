package dev.brain.research.config;

import java.util.Map;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Constants of the knowledge library (research.md §2), each with the design's default. */
@ConfigMapping(prefix = "brain.knowledge")
public interface KnowledgeConfig {

    /** Root directory of the library (§2.1); a PersistentVolume in Kubernetes. */
    @WithDefault("data/knowledge")
    String root();

    /** Cosine at or above which a distillate block repeats an existing block of the topic (§2.3; calibrate). */
    @WithDefault("0.92")
    double repetitionThreshold();

    /** Cosine at or above which two topics are the same (§2.3; 0.60 on the seed's model; calibrate). */
    @WithDefault("0.60")
    double sameTopicThreshold();

    /**
     * {@link #sameTopicThreshold()} by embedding model id (cosines of one model do not carry to another): on
     * all-MiniLM-L6-v2 distinct facts of one product are 0.6–0.7 apart, so 0.60 merged 27 of 110 (issue 40).
     */
    Map<String, Double> sameTopicThresholdByModel();

    /**
     * Search (§2.5): an entry is an answer when its summary's cosine to the query is at least this — by embedding
     * model id, else {@link #maxCosineDistance()}'s 0.60 — or when it holds {@link #searchMinCoverage()} of the
     * query's words. Chosen per model with {@code ./brain bench quality --explore true} (the paraphrase set's curve).
     */
    Map<String, Double> searchMinCosineByModel();

    /** Search: an entry holding at least this share of the query's idf mass (BM25 words) is an answer too. */
    @WithDefault("0.7")
    double searchMinCoverage();

    /** Search: lexical candidates read and scored by BM25. */
    @WithDefault("500")
    int lexicalCandidates();

    /** Search: a query word in more than this share of the pair's entries does not select candidates. */
    @WithDefault("0.2")
    double lexicalCommonShare();

    /** New text below this share of the distillate makes a run a supplement (§2.3). */
    @WithDefault("0.2")
    double supplementShare();

    /** INDEX.md line limit kept by the prune cycle (§2.1). */
    @WithDefault("200")
    int indexMaxLines();

    /** Dense list: cosine distance below this (§2.5). */
    @WithDefault("0.4")
    double maxCosineDistance();

    /** Reciprocal-rank fusion constant (§2.5). */
    @WithDefault("60")
    int rrfK();

    /** Salience from which stage 2 is recommended (§2.5). */
    @WithDefault("0.7")
    double stage2Salience();

    /** Rows per pair from which the dense list uses the HNSW index instead of an exact scan (§2.2). */
    @WithDefault("10000")
    int hnswFromRows();

    /** Nightly prune (§2.7) and daily decay (§2.4) schedules (cron, UTC). */
    @WithDefault("0 30 3 * * ?")
    String pruneCron();

    @WithDefault("0 15 3 * * ?")
    String decayCron();

    @WithDefault("true")
    boolean jobsEnabled();
}
