package dev.brain.research.knowledge.service;

import java.time.Clock;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.repository.KnowledgeRepository;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import io.grpc.Status;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * Deactivate (hidden from search, the file kept) and Reactivate (active, weights recomputed from the initial
 * salience, reinforced now) of an entry of the caller's pair (research.md §2.4); INDEX.md is rebuilt (active
 * entries first). Another pair's id (of the caller's tenant) is PERMISSION_DENIED, an unknown id or one of another
 * tenant NOT_FOUND.
 */
@ApplicationScoped
public class KnowledgeLifecycle {

    private final KnowledgeRepository repository;
    private final LibraryIndex index;
    private final KnowledgeWeights weights;
    private final Clock clock;

    public KnowledgeLifecycle(KnowledgeRepository repository, LibraryIndex index, KnowledgeWeights weights,
            Clock clock) {
        this.repository = repository;
        this.index = index;
        this.weights = weights;
        this.clock = clock;
    }

    public KnowledgeRow deactivate(KnowledgePair pair, long id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            KnowledgeRow row = owned(pair, id);
            repository.lockPair(pair);
            repository.setActive(id, false, clock.instant());
            return finish(pair, row);
        });
    }

    public KnowledgeRow reactivate(KnowledgePair pair, long id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            KnowledgeRow row = owned(pair, id);
            repository.lockPair(pair);
            double absolute = weights.absolute(row.initialSalience());
            repository.reactivate(id, row.initialSalience(), absolute, clock.instant());
            return finish(pair, row);
        });
    }

    private KnowledgeRow finish(KnowledgePair pair, KnowledgeRow row) {
        if (row.isKnowledge()) {
            index.rebuild(pair);
        }
        return repository.byId(row.id()).orElseThrow();
    }

    private KnowledgeRow owned(KnowledgePair pair, long id) {
        // an entry of another tenant is not found, as an unknown one (ids are not probed across tenants)
        KnowledgeRow row = repository.byId(id).filter(r -> sameTenant(r.pair().userId(), pair.userId()))
                .orElseThrow(() -> Status.NOT_FOUND.withDescription("id: no knowledge entry " + id)
                        .asRuntimeException());
        if (!row.pair().equals(pair)) {
            throw Status.PERMISSION_DENIED.withDescription("id: knowledge entry " + id + " belongs to another pair")
                    .asRuntimeException();
        }
        return row;
    }

    /** A tenant has no ':'; a user id is {@code <tenant>[:<user>]}. */
    private static boolean sameTenant(String userId, String otherUserId) {
        return userId.split(":", 2)[0].equals(otherUserId.split(":", 2)[0]);
    }
}
