package dev.brain.error.config;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * error-code.md §16: every constant of the error intelligence is a setting with the spec's default, under
 * {@code brain.error.*} (the services' one prefix scheme: {@code brain.<service>.*}).
 */
@ConfigMapping(prefix = "brain.error")
public interface ErrorConfig {

    Matching matching();

    Chain chain();

    Learning learning();

    Terminal terminal();

    Retention retention();

    Outbox outbox();

    Embedding embedding();

    Grpc grpc();

    Findings findings();

    Code code();

    interface Matching {
        @WithDefault("0.70")
        double threshold();

        @WithDefault("0.90")
        double strongThreshold();

        @WithDefault("100")
        int maxCandidates();

        /** Default number of matches a report returns. */
        @WithDefault("5")
        int maxMatches();

        /**
         * A word of the error full text held by more stored errors than this (by PostgreSQL's statistics) is common:
         * a report of common words alone reads no full-text candidates (their AND grows with the store).
         */
        @WithDefault("1000")
        int commonWordHits();

        /** QueryErrors' raw-text list for short queries (docs/errors.md, QueryErrors); off only to measure without it. */
        @WithDefault("true")
        boolean rawTextList();
    }

    interface Chain {
        @WithDefault("10m")
        Duration window();
    }

    interface Learning {
        @WithDefault("15m")
        String interval();

        /** How long after start the first scheduled cycle waits (the scale test shortens it with the interval). */
        @WithDefault("60s")
        String delay();

        @WithDefault("3")
        int minOccurrences();

        @WithDefault("0.60")
        double minConfidence();

        @WithDefault("0.70")
        double minSuccessRate();

        @WithDefault("0.90")
        double autoFixConfidence();

        @WithDefault("0.20")
        double pruneThreshold();

        @WithDefault("0.50")
        double maxRejectionRate();

        @WithDefault("3")
        int pruneMinFeedback();

        @WithDefault("0.75")
        double clusterSimilarity();

        @WithDefault("30")
        double decayHalfLifeDays();
    }

    interface Terminal {
        @WithDefault("300s")
        Duration staleTimeout();

        @WithDefault("60s")
        String cleanupInterval();

        @WithDefault("7")
        int retentionDays();
    }

    interface Retention {
        @WithDefault("90")
        int unresolvedDays();

        @WithDefault("180")
        int resolvedDays();

        @WithDefault("0 30 3 * * ?")
        String cron();
    }

    interface Outbox {
        @WithDefault("500")
        int batch();

        @WithDefault("50")
        int maxAttempts();

        /** How often the relay looks for pending events. */
        @WithDefault("1s")
        String interval();
    }

    /** Embeddings from memory-service's {@code Embed} (§12.3) and the semantic list of {@code QueryErrors} (§5.9). */
    interface Embedding {
        /** Deadline of the synchronous query embedding; later → {@code semantic_skipped}. */
        @WithDefault("150ms")
        Duration queryDeadline();

        /**
         * Cosine a {@code QueryErrors} vector hit needs (the 50 nearest are otherwise whatever is nearest, however far);
         * memory-service's query anchors use the same 0.40 (memory.md, model-specific).
         */
        @WithDefault("0.40")
        double queryMinSimilarity();

        /** The vector dimension this service expects ({@code brain.embedding.dimension}, the columns'). */
        @WithDefault("384")
        int dimension();

        /** How often the worker looks for errors without an embedding. */
        @WithDefault("2s")
        String interval();

        /** Errors embedded per {@code Embed} call. */
        @WithDefault("64")
        int batch();

        /** Deadline of one worker {@code Embed} call (a batch). */
        @WithDefault("10s")
        Duration callDeadline();

        /** Nearest neighbours by vector a late match scores (§12.3), and the size of list 5 of §5.7. */
        @WithDefault("20")
        int lateMatchNeighbours();
    }

    interface Grpc {
        /** Calls served at once (error-code.md §15); one more is refused with RESOURCE_EXHAUSTED. */
        @WithDefault("64")
        int maxInFlight();
    }

    /** The findings store (§10). */
    interface Findings {
        /** From this many findings in a project every save warns that the index grows too long. */
        @WithDefault("80")
        int warnAt();
    }

    /** Code intelligence (§9): the reusability threshold and the similarity kinds' thresholds. */
    interface Code {
        /** A module scoring at least this (Σ w·signal, §9.4) is reusable. */
        @WithDefault("0.60")
        double moduleThreshold();

        /** Shape overlap (§9.6) from which two modules are {@code structural} copies. */
        @WithDefault("0.70")
        double similarityThreshold();

        /** Embedding cosine from which two modules are {@code semantic} neighbours (the onnx model's value). */
        @WithDefault("0.80")
        double semanticThreshold();
    }
}
