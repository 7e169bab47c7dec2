package dev.brain.memory.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

/**
 * Constants of the associative long-term memory (memory.md §4–§12, table §15), each with the spec's default.
 * Every tuning constant of part B is one of these keys; the size limits of §14 are fixed in code.
 */
@ConfigMapping(prefix = "brain.memory")
public interface MemoryConfig {

    Node node();

    Edge edge();

    @WithName("short-term")
    ShortTerm shortTerm();

    Promotion promotion();

    Read read();

    Usage usage();

    Decay decay();

    Vector vector();

    @WithName("pipeline-log")
    PipelineLog pipelineLog();

    Calibration calibration();

    /** §4.3 node anchor weight A(raw) and §8.1 daily decay. */
    interface Node {
        @WithDefault("10")
        double cap();

        @WithDefault("0.5")
        double dampingExponent();

        /** Added to raw_weight per use in an answer (§7). */
        @WithDefault("0.1")
        double reinforcementBoost();

        /** Per day: decay_weight = decay_base × exp(−rate × days). */
        @WithDefault("0.0015")
        double decayRate();

        /** Below this decay_weight a node becomes inactive. */
        @WithDefault("0.1")
        double minWeight();
    }

    /** §5 edge layers and weight geometry. */
    interface Edge {
        @WithDefault("10")
        double cap();

        @WithDefault("0.5")
        double dampingExponent();

        @WithDefault("0.444")
        double pullUp();

        @WithDefault("0.297")
        double pullDown();

        /** Added per firing layer beyond the first. */
        @WithDefault("0.1")
        double layerBonus();

        Factor factor();

        /** The embedding layer fires at cosine ≥ this (model-specific, §12). */
        @WithDefault("0.55")
        double embeddingThreshold();

        /** Day boundaries of the timeline layer. */
        @WithDefault("UTC")
        String timezone();

        Tolerance tolerance();

        interface Factor {
            @WithDefault("1.0")
            double entity();

            @WithDefault("0.8")
            double embedding();

            @WithDefault("0.5")
            double topics();

            @WithDefault("0.4")
            double timeline();
        }

        /** Timeline tolerance per precision, in the precision's own unit (§5.2). */
        interface Tolerance {
            @WithDefault("7")
            double minute();

            @WithDefault("7")
            double hour();

            @WithDefault("21")
            double day();

            @WithDefault("8")
            double week();

            @WithDefault("6")
            double month();

            @WithDefault("4")
            double quarter();

            @WithDefault("2")
            double year();
        }
    }

    /** §4.2 short-term entries. */
    interface ShortTerm {
        /** Below this salience an entry is not stored. */
        @WithDefault("0.3")
        double minSalience();

        /** TTL of an entry at or above promotion.min-salience. */
        @WithDefault("30d")
        Duration ttlPromotable();

        @WithDefault("7d")
        Duration ttlDefault();

        @WithDefault("90d")
        Duration ttlMax();
    }

    /** §6 promotion. */
    interface Promotion {
        /** At or above this salience an entry is pending promotion. */
        @WithDefault("0.7")
        double minSalience();

        /** Cosine at which a candidate is the same memory (duplicate / half-reactivation; model-specific). */
        @WithDefault("0.82")
        double matchThreshold();

        @WithDefault("60s")
        Duration interval();

        @WithDefault("100")
        int batchSize();

        @WithDefault("3")
        int maxAttempts();

        @WithDefault("200")
        int embeddingCandidateLimit();

        @WithDefault("500")
        int maxNewEdgePairs();
    }

    /** §9 read path. */
    interface Read {
        /** relevance (default) or strength (the seed's ranking); a request may ask for either. */
        @WithDefault("relevance")
        String ranking();

        /** Relevance ranking: how many nearest nodes by cosine form the vector list. */
        @WithDefault("50")
        int denseCandidates();

        /** Relevance ranking: how many lexical matches are read and scored (BM25). */
        @WithDefault("500")
        int lexicalCandidates();

        /**
         * Relevance ranking: a lexeme in more of the pair's nodes than this share is too common to select
         * candidates by (it still counts in their scores).
         */
        @WithDefault("0.2")
        double lexicalCommonShare();

        /**
         * Relevance ranking: the candidates are selected by the rarest lexemes while the nodes holding them add up to
         * at most this many (the index entries the candidate search reads; the rarest lexeme always). On a pair of
         * 100k nodes six lexemes held by 5 % each made the search read 40k entries to keep 500 (20 ms).
         */
        @WithDefault("5000")
        long lexicalPostings();

        /** Relevance ranking: k of the reciprocal-rank fusion Σ w / (k + rank). */
        @WithDefault("5")
        double fusionK();

        /**
         * Relevance ranking: the vector list keeps the nodes at least this similar (cosine) — without a floor an
         * unrelated question would always "recall" the nearest memories.
         */
        @WithDefault("0.2")
        double denseMinCosine();

        /** Relevance ranking: the fusion weight of the vector list (the lexical list weighs 1). */
        @WithDefault("0.5")
        double denseWeight();

        /**
         * Relevance ranking, with hops ≥ 1: the share of a memory's relevance that the memories remembered one and two
         * places before and after it in the same episode receive (its context in the conversation).
         */
        @WithDefault("0.7,0.25")
        List<Double> contextWeights();

        /** Relevance ranking: how many of the best candidates pass a share of their score to their context. */
        @WithDefault("30")
        int contextCandidates();

        /** Relevance ranking: memories remembered further apart than this are not each other's context. */
        @WithDefault("1h")
        Duration contextWindow();

        @WithDefault("3")
        int anchorCount();

        @WithDefault("0.40")
        double anchorMinCosine();

        @WithDefault("1")
        int defaultHops();

        @WithDefault("3")
        int maxHops();

        /** Conversation mode → hops (application.properties: focused=0, default=1, relaxed=2, free=3). */
        Map<String, Integer> modeHops();

        /** K per shell 1..3. */
        @WithDefault("3,2,2")
        List<Integer> kPerShell();

        /** Sort-weight factor per shell 0..3. */
        @WithDefault("1,0.75,0.5,0.25")
        List<Double> shellFactors();

        /** Sort-weight factor per Plutchik distance 0..4. */
        @WithDefault("1,0.9,0.8,0.7,0.6")
        List<Double> sectorFactors();

        @WithDefault("3")
        int defaultLimit();

        @WithDefault("10")
        int maxLimit();

        @WithDefault("24h")
        Duration turnRecordRetention();

        /**
         * Extra emotion labels → one of the eight Plutchik sectors (application.properties ships the seed's
         * German labels; keys are matched lower-cased, umlauts written as ae/oe/ue).
         */
        Map<String, String> emotionAliases();
    }

    /** §7 usage reinforcement. */
    interface Usage {
        /** An answer uses a read memory at cosine ≥ this (model-specific). */
        @WithDefault("0.55")
        double threshold();

        @WithDefault("3")
        int maxPerTurn();

        @WithDefault("30d")
        Duration decisionRetention();
    }

    /** §8.1 daily node decay. */
    interface Decay {
        @WithDefault("0 30 3 * * ?")
        String cron();
    }

    /** §6 step 3a, §9.2: exact scan vs HNSW. */
    interface Vector {
        @WithDefault("5000")
        int exactScanMaxNodes();

        @WithDefault("16")
        int hnswM();

        @WithDefault("64")
        int hnswEfConstruction();

        @WithDefault("100")
        int hnswEfSearch();
    }

    /** §10 pipeline log. */
    interface PipelineLog {
        @WithDefault("365")
        int retentionDays();

        @WithDefault("10")
        int flushSeconds();

        @WithDefault("1000")
        int maxBatch();

        @WithDefault("100000")
        int bufferCapacity();

        /**
         * The tenant that sees pipeline-log rows without a pair (jobs, background work) in Query; every other
         * tenant sees only the rows of its own pairs. Not in §15: a decision of this implementation.
         */
        @WithDefault("system")
        String systemTenant();
    }

    /** §12 threshold calibration. */
    interface Calibration {
        @WithDefault("100000")
        int samplePairs();

        @WithDefault("50")
        int answerCount();
    }
}
