package dev.brain.memory.synapse.repository;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.memory.synapse.Direction;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.SynapseRow;

/**
 * Every statement on table {@code synapse}, in one place: native SQL because strengthen must be one atomic
 * upsert, decay one set-based update, and traversal one query per layer. Every statement filters by tenant
 * except the decay job, which covers all tenants by design.
 */
@ApplicationScoped
public class SynapseRepository {

    private static final String COLUMNS = "s.id, s.tenant, s.source_type, s.source_id, s.source_label, s.target_type,"
            + " s.target_id, s.target_label, s.synapse_type, s.weight, s.base_weight, s.activation_count,"
            + " s.last_activated_at, s.created_at, s.context::text";

    private final Jdbc jdbc;

    public SynapseRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** A synapse after a strengthen, and whether the call created it. */
    public record Strengthened(SynapseRow synapse, boolean created) {
    }

    /**
     * Hebbian strengthen as one atomic upsert (memory.md §2.2): absent → initial weight; present →
     * w' = min(1, w + (1 − w) × rate), base weight = w', activation count + 1, context replaced when given.
     */
    public Strengthened strengthen(String tenant, NodeKey source, String sourceLabel, NodeKey target,
            String targetLabel, String type, String contextJson, double initialWeight, double learningRate,
            OffsetDateTime now) {
        String sql = """
                insert into synapse as s (tenant, source_type, source_id, source_label, target_type, target_id,
                                          target_label, synapse_type, weight, base_weight, activation_count,
                                          last_activated_at, context, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?::jsonb, ?)
                on conflict (tenant, source_type, source_id, target_type, target_id, synapse_type) do update set
                    weight            = least(1, s.weight + (1 - s.weight) * ?),
                    base_weight       = least(1, s.weight + (1 - s.weight) * ?),
                    activation_count  = s.activation_count + 1,
                    last_activated_at = excluded.last_activated_at,
                    context           = coalesce(excluded.context, s.context),
                    source_label      = coalesce(excluded.source_label, s.source_label),
                    target_label      = coalesce(excluded.target_label, s.target_label)
                returning %s, (xmax = 0) as created
                """.formatted(COLUMNS);
        return jdbc.query(sql, s -> {
            int i = 1;
            s.setString(i++, tenant);
            s.setString(i++, source.type());
            s.setLong(i++, source.id());
            s.setString(i++, sourceLabel);
            s.setString(i++, target.type());
            s.setLong(i++, target.id());
            s.setString(i++, targetLabel);
            s.setString(i++, type);
            s.setDouble(i++, initialWeight);
            s.setDouble(i++, initialWeight);
            s.setObject(i++, now);
            s.setString(i++, contextJson);
            s.setObject(i++, now);
            s.setDouble(i++, learningRate);
            s.setDouble(i, learningRate);
        }, rs -> new Strengthened(row(rs), rs.getBoolean(16))).get(0);
    }

    /** Multiplies weight and base weight by {@code factor} (last activation unchanged). */
    public Optional<SynapseRow> scale(String tenant, long id, double factor) {
        String sql = "update synapse s set weight = weight * ?, base_weight = base_weight * ? where tenant = ? and id = ?"
                + " returning " + COLUMNS;
        return jdbc.one(sql, SynapseRepository::row, factor, factor, tenant, id);
    }

    public void delete(String tenant, long id) {
        jdbc.update("delete from synapse where tenant = ? and id = ?", tenant, id);
    }

    public Optional<SynapseRow> find(String tenant, long id) {
        return jdbc.one("select " + COLUMNS + " from synapse s where tenant = ? and id = ?", SynapseRepository::row,
                tenant, id);
    }

    public Optional<SynapseRow> findByKey(String tenant, NodeKey source, NodeKey target, String type) {
        String sql = "select " + COLUMNS + " from synapse s where tenant = ? and source_type = ? and source_id = ?"
                + " and target_type = ? and target_id = ? and synapse_type = ?";
        return jdbc.one(sql, SynapseRepository::row, tenant, source.type(), source.id(), target.type(), target.id(),
                type);
    }

    /** Deletes every synapse touching {@code node}; returns the deleted ids. */
    public List<Long> deleteTouching(String tenant, NodeKey node) {
        String sql = "delete from synapse where tenant = ? and ((source_type = ? and source_id = ?)"
                + " or (target_type = ? and target_id = ?)) returning id";
        return jdbc.list(sql, rs -> rs.getLong(1), tenant, node.type(), node.id(), node.type(), node.id()).stream()
                .sorted().toList();
    }

    /** Counts of one decay run. */
    public record DecayCounts(long updated, long pruned) {
    }

    /**
     * Time decay of every tenant's idle synapses (memory.md §2.3), two set-based statements: weight =
     * base_weight × 0.5^(idle days / half-life) for synapses idle since {@code cutoff} or longer, then delete
     * those below the prune threshold. Idempotent: computed from base_weight, not from the current weight.
     */
    public DecayCounts decay(OffsetDateTime now, OffsetDateTime cutoff, double halfLifeDays, double pruneThreshold) {
        long updated = jdbc.update("""
                update synapse
                   set weight = base_weight * power(0.5, extract(epoch from (?::timestamptz - last_activated_at)) / 86400.0 / ?)
                 where last_activated_at <= ?""", now, halfLifeDays, cutoff);
        long pruned = jdbc.update("delete from synapse where last_activated_at <= ? and weight < ?", cutoff,
                pruneThreshold);
        return new DecayCounts(updated, pruned);
    }

    /**
     * The synapses that leave any of {@code nodes} in {@code direction} (optionally only of {@code types}),
     * each node with its own lower bound on the weight, in one query ordered by id. Range-scans the
     * (tenant, type, id, base_weight desc) indexes of both ends (base_weight ≥ weight) and filters on weight.
     */
    public List<SynapseRow> around(String tenant, Map<NodeKey, Double> minWeightByNode, Direction direction,
            List<String> types) {
        if (minWeightByNode.isEmpty()) {
            return List.of();
        }
        Map<Long, SynapseRow> rows = new TreeMap<>();
        sidesOf(tenant, new ArrayList<>(minWeightByNode.entrySet()), direction.sides(), types,
                "select " + COLUMNS + " from synapse s where %s")
                .forEach(bySide -> bySide.forEach(found -> found.forEach(r -> rows.put(r.id(), r))));
        return new ArrayList<>(rows.values());
    }

    /**
     * The first page of every node's synapses on each side of {@code direction}: at most {@code limit} per node and
     * side, in page order (highest base weight first, then by id; base_weight ≥ weight, and it is the indexed column).
     * Result: per side (leaving, then arriving, as {@code direction} has them), per node in the order given.
     */
    public List<List<List<SynapseRow>>> firstPages(String tenant, List<NodeKey> nodes, Direction direction,
            List<String> types, int limit) {
        if (nodes.isEmpty()) {
            return List.of();
        }
        List<Map.Entry<NodeKey, Double>> noBound = nodes.stream().map(node -> Map.entry(node, 0.0)).toList();
        return sidesOf(tenant, noBound, direction.sides(), types,
                "select " + COLUMNS + " from synapse s where %s order by s.base_weight desc, s.id limit " + limit);
    }

    /**
     * The next page of a node's synapses on one side ({@code leaving}: the node is the source): at most {@code limit}
     * after the row ({@code afterBase}, {@code afterId}) in page order.
     */
    public List<SynapseRow> pageAfter(String tenant, NodeKey node, boolean leaving, List<String> types,
            double afterBase, long afterId, int limit) {
        String end = leaving ? "source" : "target";
        String sql = "select " + COLUMNS + " from synapse s where s.tenant = ? and s." + end + "_type = ? and s." + end
                + "_id = ?" + (types.isEmpty() ? "" : " and s.synapse_type = any(?)")
                + " and s.base_weight <= ? and (s.base_weight < ? or s.id > ?)"
                + " order by s.base_weight desc, s.id limit " + limit;
        return types.isEmpty()
                ? jdbc.list(sql, SynapseRepository::row, tenant, node.type(), node.id(), afterBase, afterBase, afterId)
                : jdbc.list(sql, SynapseRepository::row, tenant, node.type(), node.id(), types.toArray(String[]::new),
                        afterBase, afterBase, afterId);
    }

    /** Rows read per node and side, in base_weight order, for each strongest synapse asked for. */
    static final int SCAN_FACTOR = 4;

    /**
     * For every node, a superset of its {@code perNode} strongest synapses (by current weight, ties included)
     * on each side of {@code direction} with weight ≥ the node's bound, ordered by id. The indexes hold
     * base_weight (≥ weight; weight is left out of every index so the daily decay updates in place), so the
     * first query reads the {@code perNode × SCAN_FACTOR} highest base weights of each node and side: a node
     * and side is complete when it has fewer rows, or when {@code perNode} of its rows weigh more than the
     * smallest base weight read (no unread row can beat them). Only incomplete ones — hubs whose strongest
     * synapses have decayed — are read again in full, sorted by weight in the database.
     */
    public List<SynapseRow> strongestAround(String tenant, Map<NodeKey, Double> minWeightByNode, Direction direction,
            List<String> types, int perNode) {
        List<Map.Entry<NodeKey, Double>> nodes = new ArrayList<>(minWeightByNode.entrySet());
        List<Boolean> sides = direction.sides();
        int scan = perNode * SCAN_FACTOR;
        List<List<List<SynapseRow>>> read = sidesOf(tenant, nodes, sides, types,
                "select " + COLUMNS + " from synapse s where %s order by s.base_weight desc limit " + scan);
        Map<Long, SynapseRow> rows = new LinkedHashMap<>();
        List<List<Map.Entry<NodeKey, Double>>> incomplete = new ArrayList<>();
        boolean anyIncomplete = false;
        for (int side = 0; side < sides.size(); side++) {
            boolean out = sides.get(side);
            List<Map.Entry<NodeKey, Double>> again = new ArrayList<>();
            for (int n = 0; n < nodes.size(); n++) {
                List<SynapseRow> found = read.get(side).get(n);
                double smallestBase = found.isEmpty() ? 0 : found.get(found.size() - 1).baseWeight();
                long strongerNeighbours = found.stream().filter(r -> r.weight() > smallestBase)
                        .map(r -> out ? r.target() : r.source()).distinct().count();
                if (found.size() == scan && strongerNeighbours < perNode) {
                    again.add(nodes.get(n));
                } else {
                    found.forEach(r -> rows.put(r.id(), r));
                }
            }
            incomplete.add(again);
            anyIncomplete |= !again.isEmpty();
        }
        for (int side = 0; anyIncomplete && side < sides.size(); side++) {
            if (incomplete.get(side).isEmpty()) {
                continue;
            }
            String other = sides.get(side) ? "s.target_type, s.target_id" : "s.source_type, s.source_id";
            sidesOf(tenant, incomplete.get(side), List.of(sides.get(side)), types,
                    "select * from (select distinct on (" + other + ") " + COLUMNS + " from synapse s where %s"
                            + " order by " + other + ", s.weight desc, s.id) s order by s.weight desc fetch first "
                            + perNode + " rows with ties")
                    .get(0).forEach(found -> found.forEach(r -> rows.put(r.id(), r)));
        }
        List<SynapseRow> result = new ArrayList<>(rows.values());
        result.sort(Comparator.comparingLong(SynapseRow::id));
        return result;
    }

    /**
     * Synapses of each node on each of {@code sides} (true = the node is the source), in one statement:
     * {@code perNode} is a select on synapse {@code s} whose {@code %s} is filled with "this node's end,
     * weight ≥ its bound". Result: per side, per node (in the order given), the rows.
     */
    private List<List<List<SynapseRow>>> sidesOf(String tenant, List<Map.Entry<NodeKey, Double>> nodes,
            List<Boolean> sides, List<String> types, String perNode) {
        List<String> parts = new ArrayList<>();
        for (int side = 0; side < sides.size(); side++) {
            String end = sides.get(side) ? "source" : "target";
            String condition = "s.tenant = ? and s." + end + "_type = f.t and s." + end + "_id = f.i"
                    + " and s.base_weight >= f.m and s.weight >= f.m" + (types.isEmpty() ? "" : " and s.synapse_type = any(?)");
            parts.add("select s.*, f.n, " + side + " from unnest(?::text[], ?::bigint[], ?::float8[]) with ordinality"
                    + " as f(t, i, m, n) cross join lateral (" + perNode.formatted(condition) + ") s");
        }
        List<List<List<SynapseRow>>> bySide = new ArrayList<>();
        for (int side = 0; side < sides.size(); side++) {
            List<List<SynapseRow>> byNode = new ArrayList<>();
            nodes.forEach(node -> byNode.add(new ArrayList<>()));
            bySide.add(byNode);
        }
        jdbc.forEach(String.join(" union all ", parts), 0, s -> {
            var c = s.getConnection();
            Array typeArray = c.createArrayOf("text", nodes.stream().map(e -> e.getKey().type()).toArray());
            Array idArray = c.createArrayOf("bigint", nodes.stream().map(e -> e.getKey().id()).toArray());
            Array minArray = c.createArrayOf("float8", nodes.stream().map(Map.Entry::getValue).toArray());
            Array synapseTypes = types.isEmpty() ? null : c.createArrayOf("text", types.toArray());
            int i = 1;
            for (int side = 0; side < sides.size(); side++) {
                s.setArray(i++, typeArray);
                s.setArray(i++, idArray);
                s.setArray(i++, minArray);
                s.setString(i++, tenant);
                if (synapseTypes != null) {
                    s.setArray(i++, synapseTypes);
                }
            }
        }, rs -> bySide.get(rs.getInt(17)).get(rs.getInt(16) - 1).add(row(rs)));
        return bySide;
    }

    /** In/out synapse counts per node, in the order given (0/0 for isolated nodes). */
    public List<long[]> degrees(String tenant, List<NodeKey> nodes, List<String> types) {
        String typeFilter = types.isEmpty() ? "" : " and s.synapse_type = any(?)";
        String sql = "select (select count(*) from synapse s where s.tenant = ? and s.target_type = f.t and s.target_id = f.i"
                + typeFilter + "), (select count(*) from synapse s where s.tenant = ? and s.source_type = f.t"
                + " and s.source_id = f.i" + typeFilter + ") from unnest(?::text[], ?::bigint[]) with ordinality as f(t, i, n)"
                + " order by f.n";
        return jdbc.query(sql, s -> {
            var c = s.getConnection();
            Array synapseTypes = types.isEmpty() ? null : c.createArrayOf("text", types.toArray());
            int i = 1;
            for (int side = 0; side < 2; side++) {
                s.setString(i++, tenant);
                if (synapseTypes != null) {
                    s.setArray(i++, synapseTypes);
                }
            }
            s.setArray(i++, c.createArrayOf("text", nodes.stream().map(NodeKey::type).toArray()));
            s.setArray(i, c.createArrayOf("bigint", nodes.stream().map(NodeKey::id).toArray()));
        }, rs -> new long[] { rs.getLong(1), rs.getLong(2) });
    }

    /** A node adjacent to both a and b, with the strongest synapse on each side. */
    public record SharedNeighbor(NodeKey node, SynapseRow viaA, SynapseRow viaB) {
    }

    /** Nodes adjacent to both {@code a} and {@code b} (either direction), by the weaker side's weight desc. */
    public List<SharedNeighbor> sharedNeighbors(String tenant, NodeKey a, NodeKey b, String neighborType,
            double minWeight, int limit) {
        String side = """
                select distinct on (t, i) t, i, id, weight from (
                    select case when s.source_type = ? and s.source_id = ? then s.target_type else s.source_type end as t,
                           case when s.source_type = ? and s.source_id = ? then s.target_id else s.source_id end as i,
                           s.id, s.weight
                      from synapse s
                     where s.tenant = ? and s.weight >= ?
                       and ((s.source_type = ? and s.source_id = ?) or (s.target_type = ? and s.target_id = ?))) x
                 order by t, i, weight desc, id""";
        String sql = "with na as (" + side + "), nb as (" + side + ")"
                + " select na.id, nb.id from na join nb on na.t = nb.t and na.i = nb.i"
                + " where not (na.t = ? and na.i = ?) and not (na.t = ? and na.i = ?)"
                + (neighborType == null ? "" : " and na.t = ?")
                + " order by least(na.weight, nb.weight) desc, na.t, na.i limit ?";
        List<long[]> pairs = jdbc.query(sql, s -> {
            int i = 1;
            for (NodeKey end : List.of(a, b)) {
                s.setString(i++, end.type());
                s.setLong(i++, end.id());
                s.setString(i++, end.type());
                s.setLong(i++, end.id());
                s.setString(i++, tenant);
                s.setDouble(i++, minWeight);
                s.setString(i++, end.type());
                s.setLong(i++, end.id());
                s.setString(i++, end.type());
                s.setLong(i++, end.id());
            }
            s.setString(i++, a.type());
            s.setLong(i++, a.id());
            s.setString(i++, b.type());
            s.setLong(i++, b.id());
            if (neighborType != null) {
                s.setString(i++, neighborType);
            }
            s.setInt(i, limit);
        }, rs -> new long[] { rs.getLong(1), rs.getLong(2) });
        List<SharedNeighbor> neighbors = new ArrayList<>();
        for (long[] pair : pairs) {
            SynapseRow viaA = find(tenant, pair[0]).orElseThrow();
            SynapseRow viaB = find(tenant, pair[1]).orElseThrow();
            neighbors.add(new SharedNeighbor(viaA.other(a), viaA, viaB));
        }
        return neighbors;
    }

    /** Filters of {@link #list}; null / empty means "any". */
    public record ListFilter(NodeKey node, Direction direction, String sourceType, String targetType,
            List<String> types, Double minWeight) {
    }

    /**
     * One page of the tenant's synapses by weight desc, id asc, after the keyset ({@code afterWeight},
     * {@code afterId}) of the previous page; returns up to {@code pageSize + 1} rows (the extra one says
     * there is a next page).
     */
    public List<SynapseRow> list(String tenant, ListFilter filter, int pageSize, Double afterWeight, Long afterId) {
        StringBuilder sql = new StringBuilder("select " + COLUMNS + " from synapse s where s.tenant = ?");
        List<Object> params = new ArrayList<>(List.of(tenant));
        if (filter.node() != null) {
            List<String> ends = new ArrayList<>();
            if (filter.direction().forward()) {
                ends.add("(s.source_type = ? and s.source_id = ?)");
                params.add(filter.node().type());
                params.add(filter.node().id());
            }
            if (filter.direction().backward()) {
                ends.add("(s.target_type = ? and s.target_id = ?)");
                params.add(filter.node().type());
                params.add(filter.node().id());
            }
            sql.append(" and (").append(String.join(" or ", ends)).append(')');
        }
        if (filter.sourceType() != null) {
            sql.append(" and s.source_type = ?");
            params.add(filter.sourceType());
        }
        if (filter.targetType() != null) {
            sql.append(" and s.target_type = ?");
            params.add(filter.targetType());
        }
        if (!filter.types().isEmpty()) {
            sql.append(" and s.synapse_type = any(?)");
            params.add(filter.types().toArray(String[]::new));
        }
        if (filter.minWeight() != null) {
            sql.append(" and s.weight >= ?");
            params.add(filter.minWeight());
        }
        if (afterWeight != null) {
            sql.append(" and (s.weight < ? or (s.weight = ? and s.id > ?))");
            params.add(afterWeight);
            params.add(afterWeight);
            params.add(afterId);
        }
        sql.append(" order by s.weight desc, s.id asc limit ?");
        params.add(pageSize + 1);
        return jdbc.list(sql.toString(), SynapseRepository::row, params.toArray());
    }

    /** The tenant's strongest synapses, by weight desc, id asc. */
    public List<SynapseRow> strongest(String tenant, String type, int limit) {
        String sql = "select " + COLUMNS + " from synapse s where tenant = ?" + (type == null ? "" : " and synapse_type = ?")
                + " order by weight desc, id asc limit ?";
        Object[] params = type == null ? new Object[] { tenant, limit } : new Object[] { tenant, type, limit };
        return jdbc.list(sql, SynapseRepository::row, params);
    }

    /** Network statistics of a tenant (memory.md §2.6 GetStats). */
    public record NetworkStats(long totalSynapses, double avgWeight, long strong, long weak,
            Map<String, Long> bySynapseType, Map<String, Long> byNodeType) {

        public long totalNodes() {
            return byNodeType.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * The tenant's network statistics, counted over all its synapses within {@code budget}: at 1M
     * synapses they take 10–17 s (a grouping and a distinct over 2M ends), and a caller's deadline does not stop a
     * running statement, so each runs under a {@code statement_timeout} of what is left of the budget and a tenant
     * too large answers RESOURCE_EXHAUSTED at once (status then shows the synapse count without the breakdown).
     * A tenant with more than {@code maxSynapses} is not counted at all: its attempt would only spend the budget.
     */
    public NetworkStats stats(String tenant, double strongThreshold, double weakThreshold, Duration budget,
            long maxSynapses) {
        record Totals(long total, double avg, long strong, long weak) {
        }
        return jdbc.withConnection(c -> {
            long until = System.nanoTime() + budget.toNanos();
            try {
                budget(c, until);
                // an index-only range scan, fast where the visibility map is kept (autovacuum); within the budget anyway
                try (var s = c.prepareStatement("select count(*) from (select 1 from synapse where tenant = ? limit ?) t")) {
                    Jdbc.bind(s, tenant, maxSynapses + 1);
                    try (ResultSet rs = s.executeQuery()) {
                        rs.next();
                        if (rs.getLong(1) > maxSynapses) {
                            throw io.grpc.Status.RESOURCE_EXHAUSTED.withDescription("network statistics: this tenant "
                                    + "holds more than " + maxSynapses + " synapses, too many to count within "
                                    + budget.toMillis() + " ms").asRuntimeException();
                        }
                    }
                }
                budget(c, until);
                Totals totals;
                try (var s = c.prepareStatement("""
                        select count(*), coalesce(avg(weight), 0), count(*) filter (where weight > ?),
                               count(*) filter (where weight < ?)
                          from synapse where tenant = ?""")) {
                    Jdbc.bind(s, strongThreshold, weakThreshold, tenant);
                    try (ResultSet rs = s.executeQuery()) {
                        rs.next();
                        totals = new Totals(rs.getLong(1), rs.getDouble(2), rs.getLong(3), rs.getLong(4));
                    }
                }
                budget(c, until);
                Map<String, Long> byType = counts(c,
                        "select synapse_type, count(*) from synapse where tenant = ? group by 1 order by 1", tenant);
                budget(c, until);
                Map<String, Long> byNode = counts(c, """
                        select t, count(*) from (
                            select source_type as t, source_id as i from synapse where tenant = ?
                            union
                            select target_type, target_id from synapse where tenant = ?) nodes
                         group by t order by t""", tenant, tenant);
                return new NetworkStats(totals.total(), totals.avg(), totals.strong(), totals.weak(), byType, byNode);
            } catch (SQLException e) {
                if ("57014".equals(e.getSQLState())) { // query_canceled: the statement_timeout
                    throw io.grpc.Status.RESOURCE_EXHAUSTED.withDescription("network statistics: counting this tenant's"
                            + " synapses takes longer than " + budget.toMillis() + " ms").asRuntimeException();
                }
                throw e;
            } finally {
                try (var reset = c.createStatement()) {
                    reset.execute("reset statement_timeout");
                }
            }
        });
    }

    private static void budget(java.sql.Connection c, long until) throws SQLException {
        long left = Math.max(1, (until - System.nanoTime()) / 1_000_000);
        try (var s = c.createStatement()) {
            s.execute("set statement_timeout = " + left);
        }
    }

    private static Map<String, Long> counts(java.sql.Connection c, String sql, Object... params) throws SQLException {
        Map<String, Long> counts = new LinkedHashMap<>();
        try (var s = c.prepareStatement(sql)) {
            Jdbc.bind(s, params);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    counts.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return counts;
    }

    private static SynapseRow row(ResultSet rs) throws SQLException {
        return new SynapseRow(rs.getLong(1), rs.getString(2), new NodeKey(rs.getString(3), rs.getLong(4)),
                rs.getString(5), new NodeKey(rs.getString(6), rs.getLong(7)), rs.getString(8), rs.getString(9),
                rs.getDouble(10), rs.getDouble(11), rs.getInt(12), rs.getObject(13, OffsetDateTime.class),
                rs.getObject(14, OffsetDateTime.class), rs.getString(15));
    }
}
