package dev.brain.memory.synapse.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.brain.memory.synapse.Direction;
import dev.brain.memory.synapse.Hop;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.SynapseRow;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * The strongest-path search on its own, over in-memory networks whose pages are cut as SynapseRepository's SQL cuts
 * them (highest base weight first, then by id): its answer must be the one an exhaustive search gives — random
 * networks with strong and weak paths, decayed synapses (weight below base_weight, the order of the pages), ties
 * decided by hops and synapse ids across page boundaries, every direction — and it reads a hub's weak synapses only
 * as far as a walk through them could still be the strongest. The database-backed {@code StrongestPathPagesTest}
 * checks fewer random cases through the real service, against {@link #exhaustive} too.
 */
public class PathSearchTest {

    /** Long enough never to stop a search here: these tests are about the answer, not the clock. */
    private static final Duration NO_BUDGET = Duration.ofMinutes(5);

    private static final OffsetDateTime NOW = OffsetDateTime.parse("2026-01-01T00:00:00Z");

    /** Page order of a node's side, as SynapseRepository orders it: base weight desc, id asc. */
    private static final Comparator<SynapseRow> PAGE_ORDER = Comparator.comparingDouble(SynapseRow::baseWeight)
            .reversed().thenComparingLong(SynapseRow::id);

    /** The answer of an exhaustive search; {@code tied}: another walk has exactly the same product. */
    public record Best(double product, int hops, List<Long> ids, boolean tied) {
    }

    /**
     * The same random networks, pairs and pages of 3 the database-backed comparison used before the search was a
     * class of its own (seed 2626): the products and the order of the ids are the same, so is every answer.
     */
    @Test
    void theSearchFindsWhatAnExhaustiveSearchFinds() {
        int[] byStrength = new int[4];
        int notFound = 0;
        int tied = 0;
        double[][] weights = { { 0.05, 1.0 }, { 0.05, 0.45 }, { 0.05, 0.2 }, { 0.5, 0.5, 1.0 } };
        Random random = new Random(2626);
        PathSearch search = new PathSearch(3, 20_000, NO_BUDGET);
        for (double[] range : weights) {
            Network network = randomNetwork(random, 24, 70, range);
            for (int pair = 0; pair < 25; pair++) {
                int from = 1 + random.nextInt(24);
                int to = 1 + random.nextInt(24);
                if (from == to) {
                    continue;
                }
                Direction direction = pair % 2 == 0 ? Direction.BOTH : Direction.OUT;
                int depth = 2 + random.nextInt(3);
                Best best = assertExhaustive(search, network, from, to, depth, direction);
                if (best == null) {
                    notFound++;
                    continue;
                }
                byStrength[best.product() >= 0.5 ? 0 : best.product() >= 0.1 ? 1 : best.product() >= 0.01 ? 2 : 3]++;
                if (best.tied()) {
                    tied++;
                }
            }
        }
        // the networks give strong and weak paths, pairs without a path, and answers decided by a tie
        assertThat(byStrength).as("paths per product range").doesNotContain(0);
        assertThat(notFound).isPositive();
        assertThat(tied).as("answers with another walk of the same product").isPositive();
    }

    /**
     * More of the same, cheap without a database: denser networks (one of only the weights 0.5 and 1, full of ties),
     * depths 1 to 5, every direction, and pages of 1 synapse (every side read a row at a time), 3, and 64 (every side
     * complete on its first page).
     */
    @Test
    void everyDirectionDepthAndPageSizeFindsWhatAnExhaustiveSearchFinds() {
        Direction[] directions = Direction.values();
        int[] pageSizes = { 1, 3, 64 };
        double[][] weights = { { 0.05, 1.0 }, { 0.5, 0.5, 1.0 }, { 0.05, 0.45 } };
        int[][] shapes = { { 16, 60 }, { 16, 60 }, { 30, 90 } };
        Random random = new Random(4343);
        int found = 0;
        for (int n = 0; n < weights.length; n++) {
            int nodes = shapes[n][0];
            Network network = randomNetwork(random, nodes, shapes[n][1], weights[n]);
            for (int pair = 0; pair < 45; pair++) {
                int from = 1 + random.nextInt(nodes);
                int to = 1 + random.nextInt(nodes);
                if (from == to) {
                    continue;
                }
                PathSearch search = new PathSearch(pageSizes[pair / 3 % 3], 20_000, NO_BUDGET);
                if (assertExhaustive(search, network, from, to, 1 + random.nextInt(5), directions[pair % 3]) != null) {
                    found++;
                }
            }
        }
        assertThat(found).as("pairs with a path").isPositive();
    }

    @Test
    void noPathIsEmpty() {
        Network network = new Network();
        network.add(1, 2, 0.9);
        network.add(3, 4, 0.9);
        PathSearch search = new PathSearch(64, 20_000, NO_BUDGET);

        assertThat(search.find(network, node(1), node(4), 5, Direction.BOTH, List.of())).isEmpty();
        assertThat(search.find(network, node(1), node(99), 5, Direction.BOTH, List.of())).as("a node without synapses")
                .isEmpty();
        assertThat(search.find(network, node(98), node(1), 5, Direction.BOTH, List.of())).as("from one").isEmpty();
    }

    /** A chain 1 → 2 → 3 → 4 (0.9 each), a weak short cut 1 → 4 (0.1), and 4 → 5 (0.9). */
    @Test
    void maxDepthIsRespected() {
        Network network = new Network();
        long oneTwo = network.add(1, 2, 0.9);
        long twoThree = network.add(2, 3, 0.9);
        long threeFour = network.add(3, 4, 0.9);
        long shortCut = network.add(1, 4, 0.1);
        long fourFive = network.add(4, 5, 0.9);
        PathSearch search = new PathSearch(64, 20_000, NO_BUDGET);

        Path chain = search.find(network, node(1), node(5), 4, Direction.OUT, List.of()).orElseThrow();
        assertThat(ids(chain)).containsExactly(oneTwo, twoThree, threeFour, fourFive);
        assertThat(chain.totalWeight()).isCloseTo(0.9 * 0.9 * 0.9 * 0.9, within(1e-12));
        assertThat(chain.partial()).isFalse();
        for (int depth = 2; depth <= 3; depth++) {
            Path shorter = search.find(network, node(1), node(5), depth, Direction.OUT, List.of()).orElseThrow();
            assertThat(ids(shorter)).as("depth " + depth).containsExactly(shortCut, fourFive);
            assertThat(shorter.totalWeight()).isCloseTo(0.1 * 0.9, within(1e-12));
        }
        assertThat(search.find(network, node(1), node(5), 1, Direction.OUT, List.of())).isEmpty();
    }

    /**
     * From 1 to 3: 1 → 2 → 3 (0.5 each) along the synapses, 3 → 1 (0.2) against them, and 4 → 1, 4 → 3 (0.9 each)
     * only by a walk that takes one synapse against and the next along.
     */
    @Test
    void eachDirectionTraversesOnlyItsWay() {
        Network network = new Network();
        long oneTwo = network.add(1, 2, 0.5);
        long twoThree = network.add(2, 3, 0.5);
        long threeOne = network.add(3, 1, 0.2);
        long fourOne = network.add(4, 1, 0.9);
        long fourThree = network.add(4, 3, 0.9);
        PathSearch search = new PathSearch(64, 20_000, NO_BUDGET);

        Path out = search.find(network, node(1), node(3), 3, Direction.OUT, List.of()).orElseThrow();
        assertThat(ids(out)).containsExactly(oneTwo, twoThree);
        assertThat(out.hops()).extracting(Hop::forward).containsExactly(true, true);
        assertThat(out.totalWeight()).isCloseTo(0.25, within(1e-12));

        Path in = search.find(network, node(1), node(3), 3, Direction.IN, List.of()).orElseThrow();
        assertThat(ids(in)).containsExactly(threeOne);
        assertThat(in.hops()).extracting(Hop::forward).containsExactly(false);
        assertThat(in.totalWeight()).isCloseTo(0.2, within(1e-12));

        Path both = search.find(network, node(1), node(3), 3, Direction.BOTH, List.of()).orElseThrow();
        assertThat(ids(both)).containsExactly(fourOne, fourThree);
        assertThat(both.hops()).extracting(Hop::forward).containsExactly(false, true);
        assertThat(both.totalWeight()).isCloseTo(0.81, within(1e-12));

        // nothing arrives at 4: it is out of reach along the synapses, and reached against them by 2 → 1 → 4
        assertThat(search.find(network, node(2), node(4), 3, Direction.OUT, List.of())).isEmpty();
        Path against = search.find(network, node(2), node(4), 3, Direction.IN, List.of()).orElseThrow();
        assertThat(ids(against)).containsExactly(oneTwo, fourOne);
        assertThat(against.totalWeight()).isCloseTo(0.45, within(1e-12));
    }

    /**
     * Node 1 has eight {@code causes} synapses of equal weight (pages of 3, by id) and a stronger {@code co_occurs}
     * one: only {@code causes} allowed, the last of them (third page) is the path to 9, and 10 is out of reach.
     */
    @Test
    void aTypeFilterHoldsOnEveryPage() {
        Network network = new Network();
        long toNine = 0;
        for (int target = 2; target <= 9; target++) {
            toNine = network.add(1, target, "causes", 0.5, 0.5);
        }
        network.add(1, 10, "co_occurs", 0.9, 0.9);
        PathSearch search = new PathSearch(3, 20_000, NO_BUDGET);

        Path nine = search.find(network, node(1), node(9), 2, Direction.OUT, List.of("causes")).orElseThrow();
        assertThat(ids(nine)).containsExactly(toNine);
        assertThat(search.find(network, node(1), node(10), 2, Direction.OUT, List.of("causes"))).isEmpty();
    }

    /**
     * A hub (2) with a thousand weak synapses and one strong one to the target: the walk through the strong one is
     * the answer, and the hub's weak synapses are read no further than its first page.
     */
    @Test
    void aHubsWeakSynapsesAreNotReadWhenAStrongerWalkIsKnown() {
        Network network = new Network();
        long oneHub = network.add(1, 2, 0.9);
        long hubTarget = network.add(2, 9, 0.8);
        for (int weak = 0; weak < 1000; weak++) {
            network.add(2, 100 + weak, 0.06);
        }
        PathSearch search = new PathSearch(8, 20_000, NO_BUDGET);

        Path path = search.find(network, node(1), node(9), 3, Direction.OUT, List.of()).orElseThrow();

        assertThat(ids(path)).containsExactly(oneHub, hubTarget);
        assertThat(path.totalWeight()).isCloseTo(0.72, within(1e-12));
        assertThat(network.rowsRead(node(2), true)).as("rows of the hub read").isEqualTo(8);
        assertThat(network.pageAfterReads).as("next pages read").isZero();
    }

    /**
     * A hub (2) whose thousand synapses weigh 0.5, 0.4996, 0.4992, …; only the 20th strongest leads on to the target:
     * the hub is read page after page until a walk through the 20th is queued, and no further (its next pages: 8 and
     * 16 rows, 32 in all).
     */
    @Test
    void aHubIsReadOnlyAsFarAsAWalkThroughItCanStillBeTheStrongest() {
        Network network = new Network();
        long oneHub = network.add(1, 2, 0.9);
        List<Long> hub = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            hub.add(network.add(2, 100 + i, 0.5 - 0.0004 * i));
        }
        long onward = network.add(119, 9, 1.0);
        PathSearch search = new PathSearch(8, 20_000, NO_BUDGET);

        Path path = search.find(network, node(1), node(9), 3, Direction.OUT, List.of()).orElseThrow();

        assertThat(ids(path)).containsExactly(oneHub, hub.get(19), onward);
        assertThat(path.totalWeight()).isCloseTo(0.9 * (0.5 - 0.0004 * 19), within(1e-12));
        assertThat(path.partial()).isFalse();
        assertThat(network.rowsRead(node(2), true)).as("rows of the hub read").isBetween(20, 32);
    }

    /**
     * At most 2 nodes expanded (by each of the two searches): S=1 → T=2 directly (0.6) and S → 3 → 4 → 5 → T (0.95
     * each, 0.8145 in all, found only past the limit); and a chain 10 → 11 → 12 → 13 → 14 (0.9 each).
     */
    @Test
    void theLimitAnswersTheStrongestWalkSeenMarkedPartialAndNothingSeenIsResourceExhausted() {
        Network network = new Network();
        long direct = network.add(1, 2, "causes", 0.6, 0.6);
        network.add(1, 3, "causes", 0.95, 0.95);
        network.add(3, 4, "causes", 0.95, 0.95);
        network.add(4, 5, "causes", 0.95, 0.95);
        network.add(5, 2, "causes", 0.95, 0.95);
        for (int node = 10; node < 14; node++) {
            network.add(node, node + 1, "causes", 0.9, 0.9);
        }
        PathSearch twoExpansions = new PathSearch(64, 2, NO_BUDGET);

        Path seen = twoExpansions.find(network, node(1), node(2), 5, Direction.OUT, List.of()).orElseThrow();
        assertThat(seen.partial()).isTrue();
        assertThat(seen.totalWeight()).isCloseTo(0.6, within(1e-9));
        assertThat(ids(seen)).containsExactly(direct);

        Path unlimited = new PathSearch(64, 20_000, NO_BUDGET)
                .find(network, node(1), node(2), 5, Direction.OUT, List.of()).orElseThrow();
        assertThat(unlimited.partial()).isFalse();
        assertThat(unlimited.totalWeight()).isCloseTo(0.95 * 0.95 * 0.95 * 0.95, within(1e-9));

        // within the limit the answer is complete: 3 → 4 needs one expansion of 3
        Path complete = twoExpansions.find(network, node(3), node(4), 5, Direction.OUT, List.of()).orElseThrow();
        assertThat(complete.partial()).isFalse();

        // nothing arrives at 1: the backward search settles it and stops, so "no path" is known within the limit
        assertThat(twoExpansions.find(network, node(4), node(1), 5, Direction.OUT, List.of())).isEmpty();

        // no walk to the target seen before the limit (10 → 14 needs 4 expansions, 13 is seen by the 3rd)
        assertThatThrownBy(() -> twoExpansions.find(network, node(10), node(14), 5, Direction.OUT, List.of()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
    }

    /** Checks the search against {@link #exhaustive} for one pair; answers the exhaustive answer (null: no path). */
    private static Best assertExhaustive(PathSearch search, Network network, int from, int to, int depth,
            Direction direction) {
        Optional<Path> found = search.find(network, node(from), node(to), depth, direction, List.of());
        Best best = exhaustive(network.rows, node(from), node(to), depth, direction);
        String what = from + "→" + to + " depth " + depth + " " + direction;
        assertThat(found.isPresent()).as(what).isEqualTo(best != null);
        if (best != null) {
            assertThat(found.get().partial()).as(what).isFalse();
            assertThat(found.get().totalWeight()).as(what).isCloseTo(best.product(), within(1e-9));
            assertThat(ids(found.get())).as(what).containsExactlyElementsOf(best.ids());
        }
        return best;
    }

    /** A network of {@link RandomSynapses#draw}; ids in the order drawn. */
    private static Network randomNetwork(Random random, int nodes, int count, double[] weights) {
        Network network = new Network();
        for (RandomSynapses.Drawn d : RandomSynapses.draw(random, nodes, count, weights)) {
            network.add(d.source(), d.target(), "co_occurs", d.weight(), d.baseWeight());
        }
        return network;
    }

    /**
     * The strongest simple walk from {@code from} to {@code to} of at most {@code depth} synapses, each traversed as
     * {@code direction} allows — the largest product, then fewer hops, then lexicographically smaller synapse ids —
     * found by enumerating every one; null when there is none.
     */
    public static Best exhaustive(List<SynapseRow> synapses, NodeKey from, NodeKey to, int depth,
            Direction direction) {
        Map<NodeKey, List<Hop>> leaving = new HashMap<>();
        for (SynapseRow synapse : synapses) {
            if (direction.forward()) {
                leaving.computeIfAbsent(synapse.source(), n -> new ArrayList<>()).add(new Hop(synapse, true));
            }
            if (direction.backward()) {
                leaving.computeIfAbsent(synapse.target(), n -> new ArrayList<>()).add(new Hop(synapse, false));
            }
        }
        Best[] best = { null };
        walk(leaving, from, to, depth, 1.0, new ArrayList<>(List.of(from)), new ArrayList<>(), best);
        return best[0];
    }

    private static void walk(Map<NodeKey, List<Hop>> leaving, NodeKey at, NodeKey to, int depth, double product,
            List<NodeKey> visited, List<Long> ids, Best[] best) {
        if (at.equals(to)) {
            Best candidate = new Best(product, ids.size(), List.copyOf(ids), false);
            boolean tie = best[0] != null && best[0].product() == product;
            if (best[0] == null || better(candidate, best[0])) {
                best[0] = new Best(product, candidate.hops(), candidate.ids(), tie);
            } else if (tie) {
                best[0] = new Best(best[0].product(), best[0].hops(), best[0].ids(), true);
            }
            return;
        }
        if (ids.size() == depth) {
            return;
        }
        for (Hop hop : leaving.getOrDefault(at, List.of())) {
            NodeKey next = hop.to();
            if (visited.contains(next)) {
                continue;
            }
            visited.add(next);
            ids.add(hop.synapse().id());
            walk(leaving, next, to, depth, product * hop.synapse().weight(), visited, ids, best);
            ids.remove(ids.size() - 1);
            visited.remove(visited.size() - 1);
        }
    }

    private static boolean better(Best a, Best b) {
        if (a.product() != b.product()) {
            return a.product() > b.product();
        }
        if (a.hops() != b.hops()) {
            return a.hops() < b.hops();
        }
        for (int i = 0; i < a.ids().size(); i++) {
            int c = Long.compare(a.ids().get(i), b.ids().get(i));
            if (c != 0) {
                return c < 0;
            }
        }
        return false;
    }

    private static NodeKey node(long id) {
        return new NodeKey("error", id);
    }

    private static List<Long> ids(Path path) {
        return path.hops().stream().map(hop -> hop.synapse().id()).toList();
    }

    /**
     * One tenant's synapses in memory, read as SynapseRepository reads them: a side in page order, a first page of at
     * most {@code limit} rows, a next page of the rows after (base weight, id) — and counted, to see what was read.
     */
    private static final class Network implements SynapsePages {

        private record Side(NodeKey node, boolean leaving) {
        }

        final List<SynapseRow> rows = new ArrayList<>();
        private final Map<Side, Integer> handedOut = new HashMap<>();
        int pageAfterReads;

        /** A synapse of weight = base weight; answers its id. */
        long add(long source, long target, double weight) {
            return add(source, target, "co_occurs", weight, weight);
        }

        /** Ids are given in the order added, as the database's sequence gives them. */
        long add(long source, long target, String type, double weight, double baseWeight) {
            long id = rows.size() + 1;
            rows.add(new SynapseRow(id, "path-search", node(source), null, node(target), null, type, weight, baseWeight,
                    1, NOW, NOW, null));
            return id;
        }

        /** Rows of a node's side handed out so far, over every page. */
        int rowsRead(NodeKey node, boolean leaving) {
            return handedOut.getOrDefault(new Side(node, leaving), 0);
        }

        @Override
        public List<List<List<SynapseRow>>> firstPages(List<NodeKey> nodes, Direction direction, List<String> types,
                int limit) {
            if (nodes.isEmpty()) {
                return List.of();
            }
            List<Boolean> sides = new ArrayList<>(2);
            if (direction.forward()) {
                sides.add(true);
            }
            if (direction.backward()) {
                sides.add(false);
            }
            List<List<List<SynapseRow>>> bySide = new ArrayList<>();
            for (boolean leaving : sides) {
                List<List<SynapseRow>> byNode = new ArrayList<>();
                for (NodeKey node : nodes) {
                    byNode.add(handOut(node, leaving, side(node, leaving, types).stream().limit(limit).toList()));
                }
                bySide.add(byNode);
            }
            return bySide;
        }

        @Override
        public List<SynapseRow> pageAfter(NodeKey node, boolean leaving, List<String> types, double afterBase,
                long afterId, int limit) {
            pageAfterReads++;
            return handOut(node, leaving, side(node, leaving, types).stream()
                    .filter(r -> r.baseWeight() <= afterBase && (r.baseWeight() < afterBase || r.id() > afterId))
                    .limit(limit).toList());
        }

        private List<SynapseRow> side(NodeKey node, boolean leaving, List<String> types) {
            return rows.stream().filter(r -> (leaving ? r.source() : r.target()).equals(node))
                    .filter(r -> types.isEmpty() || types.contains(r.type())).sorted(PAGE_ORDER).toList();
        }

        private List<SynapseRow> handOut(NodeKey node, boolean leaving, List<SynapseRow> page) {
            handedOut.merge(new Side(node, leaving), page.size(), Integer::sum);
            return page;
        }
    }
}
