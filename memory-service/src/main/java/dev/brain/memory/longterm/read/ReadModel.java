package dev.brain.memory.longterm.read;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.brain.memory.longterm.repository.LongTermRepository.Step;
import dev.brain.memory.longterm.repository.NodeRow;

/** Inputs and results of the read path (memory.md §9), already validated. */
public final class ReadModel {

    private ReadModel() {
    }

    /** One shift component: a text to embed or a vector, with its strength ≥ 0. */
    public record ShiftComponent(String text, float[] vector, double strength) {
    }

    /** Options of the rendered block (§9.6); empty labels mean the defaults. */
    public record Render(String agentName, String userLabel, String assistantLabel, Map<Long, String> entityNames) {
    }

    /**
     * A validated read: the pair, an optional turn, the query (text or vector), the shift, the hop depth
     * already resolved from hops / mode / default, the caller's emotion, the observer filter (empty = both),
     * the limit and the render options (null = no block).
     */
    public record Query(String userId, String agentId, String turnId, String queryText, float[] queryVector,
            double shiftFactor, List<ShiftComponent> shift, int hops, String currentEmotion, List<String> observers,
            int limit, Render render, Ranking ranking) {
    }

    /** The order of the result: by relevance to the query (default), or the seed's by strength. */
    public enum Ranking {
        RELEVANCE,
        STRENGTH
    }

    /** One returned memory: rank 1 = highest sort weight; the path has one step per shell. */
    public record Memory(int rank, NodeRow node, int shell, double sortWeight, List<Step> path) {
    }

    public record Result(List<Memory> memories, int anchorsFound, int hops, int poolSize, boolean shifted,
            Optional<Integer> currentSector, String block, Ranking ranking) {
    }
}
