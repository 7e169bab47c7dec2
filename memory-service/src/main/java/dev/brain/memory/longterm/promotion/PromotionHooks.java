package dev.brain.memory.longterm.promotion;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Seams inside the promotion transaction; no-ops in production. Tests replace the bean (QuarkusMock) to inject
 * a failure at a precise step and prove the all-or-nothing rule of memory.md §6.
 */
@ApplicationScoped
public class PromotionHooks {

    /** Called after the node is inserted and its edges are computed, right before the batched edge insert. */
    public void beforeEdgeInsert(long nodeId, int edgeRows) {
    }
}
