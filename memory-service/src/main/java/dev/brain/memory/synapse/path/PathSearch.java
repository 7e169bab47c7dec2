package dev.brain.memory.synapse.path;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.brain.memory.synapse.Direction;
import dev.brain.memory.synapse.Hop;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.SynapseRow;
import io.grpc.Status;

/**
 * The strongest walk between two nodes (memory.md §2.5), over synapses read a page at a time from
 * {@link SynapsePages}: no database, no tenant, no container — {@code SynapseNetwork.findPath} gives it the tenant's
 * pages, a test an in-memory network.
 * <p>
 * A* over states (node, hops) maximising the product of weights (cost −ln w), states at {@code maxDepth} hops not
 * expanded; ties → fewer hops → lexicographically smaller synapse ids. A state is dominated when a walk already
 * expanded reached its node with no more hops and no smaller product.
 * <p>
 * The estimate comes from a second search, backwards from the target: a Dijkstra over (node, hops to the target)
 * that settles, for a node and k hops, the strongest product of any walk of at most k hops from the node to the
 * target (one queue per k, the strongest head first; a node settled within k is settled within every larger k).
 * A walk of h hops is queued by its product times that value of its node for k = maxDepth − h, or, while the
 * backward search has not settled the node within k, times the strongest head of the queues of at most k hops; a
 * walk far from the target therefore waits until the walks near it are done, and a walk with few hops left is not
 * credited with a longer chain of strong synapses it could not complete. The two searches take turns
 * ({@link #PATH_FIRST_PHASE} steps each, then twice as many each turn), and after each backward turn every queued
 * bound is recomputed (the estimates only fall), so the first walk to the target that leaves the queue is the
 * strongest. A node the backward search cannot reach has estimate 0 once it has settled every node it can, and
 * walks there are dropped: "no path" is then known without visiting the start's whole neighbourhood.
 * <p>
 * Expansion is lazy, in both searches, so that a hub's thousands of weak synapses are read only when a walk
 * through them could still be the strongest: a walk takes one page of its node's synapses ({@code path.page-size}
 * per side, strongest first), and the rest waits in the queue as a {@link Rest} bounded by the walk's product times
 * the next unread base weight. When a Rest leaves the queue, the next page is read (twice the rows read so far).
 * At equal bounds a Rest leaves the queue before a walk, and every bound but a target walk's is raised by
 * {@link #BOUND_SLACK}, so a walk with the same product still competes on hops and ids: the answer is the one an
 * exhaustive search gives. The first page of a node is read together with those of up to 63 nodes queued next.
 * <p>
 * At most {@code path.max-expansions} nodes are expanded (by each search) and the search stops after
 * {@code path.budget}, so one request cannot exhaust the service: it then answers the strongest walk to {@code to}
 * seen so far, marked partial, or RESOURCE_EXHAUSTED when it has seen none.
 */
public final class PathSearch {

    private final int pageSize;
    private final int maxExpansions;
    private final Duration budget;

    /**
     * A search with the limits of {@code brain.memory.synapses.path}: {@code pageSize} synapses of a node and side per
     * expansion ({@code path.page-size}), at most {@code maxExpansions} nodes expanded by each search
     * ({@code path.max-expansions}), and {@code budget} to search ({@code path.budget}).
     */
    public PathSearch(int pageSize, int maxExpansions, Duration budget) {
        this.pageSize = pageSize;
        this.maxExpansions = maxExpansions;
        this.budget = budget;
    }

    /** What the path search's queue holds: an upper bound on the product of every walk to the target it leads to. */
    private sealed interface Step permits Walk, Rest {
        double bound();
    }

    /** A search state: a walk from the start, as a parent chain (constant memory per state), and its bound. */
    private record Walk(NodeKey node, double product, int hops, Walk parent, Hop hop, double bound) implements Step {

        Walk bounded(double now) {
            return new Walk(node, product, hops, parent, hop, now);
        }

        boolean visits(NodeKey candidate) {
            for (Walk w = this; w != null; w = w.parent) {
                if (w.node.equals(candidate)) {
                    return true;
                }
            }
            return false;
        }

        List<Hop> path() {
            Hop[] path = new Hop[hops];
            for (Walk w = this; w.hop != null; w = w.parent) {
                path[w.hops - 1] = w.hop;
            }
            return List.of(path);
        }
    }

    /**
     * The rest of a walk's expansion on one side of its node: the synapses from position {@code next} of the side's
     * page order on, none heavier than {@code heaviestLeft} (the base weight there).
     */
    private record Rest(Walk walk, Side side, int next, double heaviestLeft, double bound) implements Step {

        Rest bounded(double now) {
            return new Rest(walk, side, next, heaviestLeft, now);
        }
    }

    /**
     * The backward search's entries: a node reached from the target by a walk of {@code hops} synapses ({@code side}
     * null; {@code value} the product of that walk), or the rest of the side of a node settled at {@code hops}, from
     * position {@code next} on (its walks have one hop more).
     */
    private record Toward(NodeKey node, double value, int hops, Side side, int next, double bound) {
    }

    /**
     * One side of a node's synapses ({@code leaving}: the node is their source), read as far as a search has needed
     * them, in page order: highest base weight first, then by id (base_weight ≥ weight).
     */
    private static final class Side {
        final NodeKey node;
        final boolean leaving;
        final List<SynapseRow> rows = new ArrayList<>();
        boolean complete;

        Side(NodeKey node, boolean leaving) {
            this.node = node;
            this.leaving = leaving;
        }

        void read(List<SynapseRow> page, int asked) {
            rows.addAll(page);
            complete = page.size() < asked;
        }

        NodeKey otherEnd(SynapseRow synapse) {
            return leaving ? synapse.target() : synapse.source();
        }
    }

    private record SideKey(NodeKey node, boolean leaving) {
    }

    /**
     * Bounds are raised by this factor, so that a product computed in another order (a walk's forwards, the backward
     * search's backwards) cannot round below the walk's own, and a walk's bound stays above a target walk of the
     * same product.
     */
    static final double BOUND_SLACK = 1 + 1e-9;

    /**
     * One search: what it has spent, the sides it has read, the backward search from the target, and the strongest
     * walk to the target it has seen — a walk that reached the target, or one that reached a node next to it (by a
     * synapse of the target the backward search has read) completed by that synapse; only an answer at the limit
     * uses it.
     */
    private static final class Search {
        final long until;
        final NodeKey from;
        final NodeKey to;
        final int maxDepth;
        final Map<SideKey, Side> sides = new HashMap<>();
        final Map<NodeKey, Hop> intoTarget = new HashMap<>();
        /**
         * Nodes the backward search has settled: per number of hops k, the strongest product of any walk of at most k
         * hops from the node to the target (NaN: not known yet).
         */
        final Map<NodeKey, double[]> towardTarget = new HashMap<>();
        /** The backward search's queue, one per number of hops to the target (0 … maxDepth). */
        final List<PriorityQueue<Toward>> backward = new ArrayList<>();
        /** The forward search's expanded walks: per node and number of hops, the largest product (NaN: none). */
        final Map<NodeKey, double[]> settled = new HashMap<>();
        int expanded;
        int expandedBackward;
        Walk bestSeen;

        Search(long until, NodeKey from, NodeKey to, int maxDepth) {
            this.until = until;
            this.from = from;
            this.to = to;
            this.maxDepth = maxDepth;
            for (int hops = 0; hops <= maxDepth; hops++) {
                backward.add(new PriorityQueue<>(Comparator.comparingDouble(Toward::bound).reversed()));
            }
            backward.get(0).add(new Toward(to, 1.0, 0, null, 0, 1.0));
        }

        /**
         * An upper bound on the product of any walk of at most {@code hops} hops from {@code node} to the target: exact
         * once the backward search has settled the node within that many hops, otherwise the largest bound at the
         * head of the backward queues of at most {@code hops} hops (0 once they are empty: none is left).
         */
        double towardTarget(NodeKey node, int hops) {
            double[] within = towardTarget.get(node);
            if (within != null && !Double.isNaN(within[hops])) {
                return within[hops];
            }
            double head = 0;
            for (int k = 0; k <= hops; k++) {
                Toward first = backward.get(k).peek();
                if (first != null) {
                    head = Math.max(head, first.bound());
                }
            }
            return head;
        }

        /** Whether the backward search has settled {@code node} within {@code hops} hops. */
        boolean settledToward(NodeKey node, int hops) {
            double[] within = towardTarget.get(node);
            return within != null && !Double.isNaN(within[hops]);
        }

        /** The strongest entry of the backward queues, taken out, or null when all are empty. */
        Toward pollBackward() {
            PriorityQueue<Toward> strongest = strongestBackward();
            return strongest == null ? null : strongest.poll();
        }

        /** Queues a backward entry by the hops of the walks it bounds. */
        void queueBackward(Toward toward) {
            backward.get(toward.side() == null ? toward.hops() : toward.hops() + 1).add(toward);
        }

        /** The backward queue with the strongest head, or null when all are empty. */
        PriorityQueue<Toward> strongestBackward() {
            PriorityQueue<Toward> strongest = null;
            for (PriorityQueue<Toward> queue : backward) {
                if (!queue.isEmpty() && (strongest == null || queue.peek().bound() > strongest.peek().bound())) {
                    strongest = queue;
                }
            }
            return strongest;
        }

        /**
         * Whether a walk of {@code hops} hops reaching {@code node} with {@code product} is dominated: an expanded walk
         * reached it with no more hops and no smaller product (every walk to the target it leads to is then matched
         * by one at least as strong with fewer hops, or the same hops and smaller ids, or repeats a node).
         */
        boolean dominated(NodeKey node, int hops, double product) {
            double[] products = settled.get(node);
            if (products != null) {
                for (int h = 0; h <= hops; h++) {
                    if (products[h] >= product) {
                        return true;
                    }
                }
            }
            return false;
        }

        void settle(Walk walk) {
            double[] products = settled.computeIfAbsent(walk.node(), n -> {
                double[] none = new double[maxDepth + 1];
                Arrays.fill(none, Double.NaN);
                return none;
            });
            products[walk.hops()] = walk.product();
        }

        /** The bound of a walk now: its product at the target, else its product times the best it can still reach. */
        double bound(NodeKey node, double product, int hops) {
            return node.equals(to) ? product : product * towardTarget(node, maxDepth - hops) * BOUND_SLACK;
        }

        double bound(Step step) {
            if (step instanceof Walk walk) {
                return bound(walk.node(), walk.product(), walk.hops());
            }
            Walk walk = ((Rest) step).walk();
            return walk.product() * Math.min(((Rest) step).heaviestLeft(),
                    towardTarget(walk.node(), maxDepth - walk.hops())) * BOUND_SLACK;
        }

        /** Remembers the step into the target from a node next to it, the strongest per node (ties: smaller id). */
        void nextToTarget(Hop hop, NodeKey node) {
            intoTarget.merge(node, hop, (a, b) -> b.synapse().weight() > a.synapse().weight()
                    || b.synapse().weight() == a.synapse().weight() && b.synapse().id() < a.synapse().id() ? b : a);
        }

        /** A walk was queued: it is, or may complete, a walk to the target seen. */
        void reached(Walk walk) {
            if (walk.node().equals(to)) {
                seen(walk);
                return;
            }
            Hop last = intoTarget.get(walk.node());
            if (last != null && walk.hops() < maxDepth && !walk.visits(to)) {
                double product = walk.product() * last.synapse().weight();
                seen(new Walk(to, product, walk.hops() + 1, walk, last, product));
            }
        }

        void seen(Walk walk) {
            if (bestSeen == null || walk.product() > bestSeen.product()
                    || walk.product() == bestSeen.product() && walk.hops() < bestSeen.hops()) {
                bestSeen = walk;
            }
        }

        /** At the limit: the strongest walk seen, as a partial answer, or {@code exhausted} when none was seen. */
        Optional<Path> atLimit(Supplier<RuntimeException> exhausted) {
            if (bestSeen == null) {
                throw exhausted.get();
            }
            return Optional.of(new Path(bestSeen.product(), bestSeen.path(), true));
        }
    }

    /** Queued nodes whose first pages are read together with the first page of the node being expanded. */
    static final int PATH_FETCH_BATCH = 64;

    /** Queue entries looked at for them (entries at nodes already read, or rests of a side, are passed over). */
    static final int PATH_FETCH_LOOK_AHEAD = 4 * PATH_FETCH_BATCH;

    /**
     * The strongest walk from {@code from} to {@code to} of at most {@code maxDepth} synapses, each traversed as
     * {@code direction} allows and of one of {@code types} (empty: any), if any; marked partial when a limit stopped
     * the search after it had seen a walk to {@code to}, RESOURCE_EXHAUSTED when a limit stopped it before.
     */
    public Optional<Path> find(SynapsePages pages, NodeKey from, NodeKey to, int maxDepth, Direction direction,
            List<String> types) {
        Search search = new Search(System.nanoTime() + budget.toNanos(), from, to, maxDepth);
        Comparator<Step> strongestFirst = Comparator.comparingDouble(Step::bound).reversed()
                .thenComparing(step -> step instanceof Walk)
                .thenComparing((a, b) -> a instanceof Walk wa && b instanceof Walk wb ? compare(wa, wb) : 0);
        PriorityQueue<Step> queue = new PriorityQueue<>(strongestFirst);
        int phase = PATH_FIRST_PHASE;
        stepBackward(pages, direction, types, search, phase);
        Walk start = new Walk(from, 1.0, 0, null, null, search.bound(from, 1.0, 0));
        queue.add(start);
        search.reached(start);
        int forwardSteps = 0;
        while (!queue.isEmpty()) {
            if (System.nanoTime() - search.until > 0) {
                // a caller's deadline does not stop a search, and its late answer would close the caller's connection
                return search.atLimit(() -> Status.RESOURCE_EXHAUSTED.withDescription("max_depth: the path search took "
                        + "longer than " + budget.toMillis() + " ms without reaching " + to + " ("
                        + search.expanded + " nodes expanded); use a smaller max_depth or synapse_types")
                        .asRuntimeException());
            }
            if (++forwardSteps > phase) {
                // the backward search's turn; then every queued bound is brought down to its new estimates
                stepBackward(pages, direction, types, search, phase);
                List<Step> queued = new ArrayList<>(queue);
                queue.clear();
                for (Step step : queued) {
                    double now = search.bound(step);
                    if (now > 0) {
                        queue.add(step instanceof Walk w ? w.bounded(now) : ((Rest) step).bounded(now));
                    }
                }
                forwardSteps = 0;
                phase *= 2;
                continue;
            }
            Step step = queue.poll();
            if (step instanceof Rest rest) {
                follow(pages, rest.walk(), rest.side(), rest.next(), queue, search, types);
                continue;
            }
            Walk walk = (Walk) step;
            if (walk.node().equals(to)) {
                return Optional.of(new Path(walk.product(), walk.path(), false));
            }
            if (search.dominated(walk.node(), walk.hops(), walk.product())) {
                continue;
            }
            search.settle(walk);
            if (walk.hops() == maxDepth) {
                continue;
            }
            if (++search.expanded > maxExpansions) {
                return search.atLimit(() -> Status.RESOURCE_EXHAUSTED.withDescription("max_depth: the path search "
                        + "expanded more than " + maxExpansions + " nodes without reaching " + to
                        + "; use a smaller max_depth or synapse_types").asRuntimeException());
            }
            for (Side side : sidesOf(pages, walk.node(), direction, types, queue::poll, queue::add,
                    queued -> queued instanceof Walk w ? w.node() : null, search)) {
                follow(pages, walk, side, 0, queue, search, types);
            }
        }
        return Optional.empty();
    }

    /** Steps each search takes before the other's first turn; every turn after doubles it. */
    static final int PATH_FIRST_PHASE = 4;

    /**
     * Up to {@code steps} steps of the backward search (fewer once its queue is empty, it has expanded its most
     * nodes, or the search's time is up).
     */
    private void stepBackward(SynapsePages pages, Direction direction, List<String> types, Search search, int steps) {
        for (int step = 0; step < steps && System.nanoTime() - search.until < 0; step++) {
            if (search.expandedBackward >= maxExpansions) {
                return;
            }
            Toward toward = search.pollBackward();
            if (toward == null) {
                return;
            }
            if (toward.side() != null) {
                followBackward(pages, toward.side(), toward.next(), toward.value(), toward.hops(), search, types);
                continue;
            }
            if (search.settledToward(toward.node(), toward.hops())) {
                continue;
            }
            double[] within = search.towardTarget.computeIfAbsent(toward.node(), n -> {
                double[] unknown = new double[search.maxDepth + 1];
                Arrays.fill(unknown, Double.NaN);
                return unknown;
            });
            // entries leave the queues strongest first: no walk of at most k ≥ hops hops is stronger than this one
            for (int k = toward.hops(); k <= search.maxDepth && Double.isNaN(within[k]); k++) {
                within[k] = toward.value();
            }
            if (toward.hops() == search.maxDepth) {
                continue;
            }
            search.expandedBackward++;
            for (Side side : sidesOf(pages, toward.node(), arriving(direction), types, search::pollBackward,
                    search::queueBackward, queued -> queued.side() == null ? queued.node() : null, search)) {
                followBackward(pages, side, 0, toward.value(), toward.hops(), search, types);
            }
        }
    }

    /**
     * The backward search's counterpart of {@link #follow}: one page of the side of a node settled at {@code hops}
     * hops from the target, and the rest. A walk of {@code maxDepth} hops to the target can only start at the start.
     */
    private void followBackward(SynapsePages pages, Side side, int next, double value, int hops, Search search,
            List<String> types) {
        int end = page(pages, side, next, types);
        boolean atTarget = side.node.equals(search.to);
        int longer = hops + 1;
        for (int i = next; i < end; i++) {
            SynapseRow synapse = side.rows.get(i);
            NodeKey node = side.otherEnd(synapse);
            if (atTarget) {
                // a walk arrives at the target by this synapse: along it when the target is its target
                search.nextToTarget(new Hop(synapse, !side.leaving), node);
            }
            if ((longer < search.maxDepth || node.equals(search.from)) && !search.settledToward(node, longer)) {
                double reached = value * synapse.weight();
                search.queueBackward(new Toward(node, reached, longer, null, 0, reached));
            }
        }
        if (end < side.rows.size() || !side.complete) {
            double heaviestLeft = side.rows.get(end < side.rows.size() ? end : end - 1).baseWeight();
            search.queueBackward(new Toward(side.node, value, hops, side, end, value * heaviestLeft));
        }
    }

    /** The direction a walk arrives by, as a walk from the arrival: the backward search's. */
    private static Direction arriving(Direction direction) {
        return direction == Direction.OUT ? Direction.IN : direction == Direction.IN ? Direction.OUT : Direction.BOTH;
    }

    /** Queue order among walks of equal bound: the larger product, fewer hops, lexicographically smaller ids. */
    private static int compare(Walk a, Walk b) {
        int byProduct = Double.compare(b.product(), a.product());
        if (byProduct != 0) {
            return byProduct;
        }
        int byHops = Integer.compare(a.hops(), b.hops());
        return byHops != 0 ? byHops : compareIds(a.path(), b.path());
    }

    /**
     * Makes sure {@code side} has its rows from position {@code next} on read as far as one page (from
     * {@code pages} when it has none there yet: twice the rows read so far); answers the end of that page.
     */
    private int page(SynapsePages pages, Side side, int next, List<String> types) {
        if (next >= side.rows.size() && !side.complete) {
            SynapseRow last = side.rows.get(side.rows.size() - 1);
            int asked = Math.max(pageSize, side.rows.size());
            side.read(pages.pageAfter(side.node, side.leaving, types, last.baseWeight(), last.id(), asked), asked);
        }
        return Math.min(side.rows.size(), next + pageSize);
    }

    /**
     * Queues the walks one page of {@code side} leads to from {@code walk}, starting at position {@code next}, and a
     * {@link Rest} for what follows the page.
     */
    private void follow(SynapsePages pages, Walk walk, Side side, int next, PriorityQueue<Step> queue, Search search,
            List<String> types) {
        int end = page(pages, side, next, types);
        for (int i = next; i < end; i++) {
            SynapseRow synapse = side.rows.get(i);
            Hop hop = new Hop(synapse, side.leaving);
            NodeKey node = hop.to();
            double product = walk.product() * synapse.weight();
            if (!search.dominated(node, walk.hops() + 1, product) && !walk.visits(node)) {
                double bound = search.bound(node, product, walk.hops() + 1);
                Walk longer = new Walk(node, product, walk.hops() + 1, walk, hop, bound);
                if (bound > 0) {
                    queue.add(longer);
                }
                search.reached(longer);
            }
        }
        if (end < side.rows.size() || !side.complete) {
            double heaviestLeft = side.rows.get(end < side.rows.size() ? end : end - 1).baseWeight();
            Rest rest = new Rest(walk, side, end, heaviestLeft, 0);
            double bound = search.bound(rest);
            if (bound > 0) {
                queue.add(rest.bounded(bound));
            }
        }
    }

    /**
     * The sides of {@code node} a walk leaves by in {@code direction}, each with at least its first page read; a
     * node not read yet is read together with the first pages of the nodes a search's queue will take next: its
     * strongest entries, taken out ({@code next}, null when empty) and put back ({@code putBack}); {@code nodeOf} an
     * entry: its node, or null.
     */
    private <T> List<Side> sidesOf(SynapsePages pages, NodeKey node, Direction direction, List<String> types,
            Supplier<T> next, Consumer<T> putBack, Function<T, NodeKey> nodeOf, Search search) {
        List<Boolean> ends = direction.sides();
        if (!search.sides.containsKey(new SideKey(node, ends.get(0)))) {
            List<NodeKey> batch = new ArrayList<>();
            batch.add(node);
            List<T> taken = new ArrayList<>();
            for (T entry; batch.size() < PATH_FETCH_BATCH && taken.size() < PATH_FETCH_LOOK_AHEAD
                    && (entry = next.get()) != null;) {
                taken.add(entry);
                NodeKey ahead = nodeOf.apply(entry);
                if (ahead != null && !batch.contains(ahead)
                        && !search.sides.containsKey(new SideKey(ahead, ends.get(0)))) {
                    batch.add(ahead);
                }
            }
            taken.forEach(putBack);
            List<List<List<SynapseRow>>> firstPages = pages.firstPages(batch, direction, types, pageSize);
            for (int end = 0; end < ends.size(); end++) {
                for (int n = 0; n < batch.size(); n++) {
                    SideKey key = new SideKey(batch.get(n), ends.get(end));
                    if (!search.sides.containsKey(key)) {
                        Side side = new Side(batch.get(n), ends.get(end));
                        side.read(firstPages.get(end).get(n), pageSize);
                        search.sides.put(key, side);
                    }
                }
            }
        }
        List<Side> sides = new ArrayList<>(ends.size());
        for (boolean leaving : ends) {
            SideKey key = new SideKey(node, leaving);
            if (!search.sides.containsKey(key)) {
                // read for the other search, which leaves by the other side only (OUT against IN)
                Side side = new Side(node, leaving);
                side.read(pages.firstPages(List.of(node), leaving ? Direction.OUT : Direction.IN, types,
                        pageSize).get(0).get(0), pageSize);
                search.sides.put(key, side);
            }
            sides.add(search.sides.get(key));
        }
        return sides;
    }

    private static int compareIds(List<Hop> a, List<Hop> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Long.compare(a.get(i).synapse().id(), b.get(i).synapse().id());
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
