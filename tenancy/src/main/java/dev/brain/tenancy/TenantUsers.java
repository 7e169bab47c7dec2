package dev.brain.tenancy;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The rows of a tenant in a table partitioned by user id: the user is the tenant itself or one of its users,
 * {@code <tenant>:<user>} (memory.md §4.1 — the gateway prefixes user ids with the tenant).
 *
 * <p>
 * The condition is exact and lets a b-tree whose first column is the user id serve it: a range that holds
 * every user of the tenant — {@code [tenant, tenant + ":" + U+FFFF)} — narrows the scan, and the exact test
 * ({@code = tenant} or {@code starts_with(…, tenant + ':')}) drops whatever else the range holds. The range is a
 * superset in every collation a database may use: in C / C.UTF-8 (code point order) and under ICU/UCA, where
 * U+FFFF is the character with the highest primary weight, reserved for exactly such range ends. (A plain
 * {@code starts_with} cannot use an index; {@code [tenant:, tenant;)} is empty under ICU, which sorts ';' before
 * ':'.) Users whose ids continue with a character above U+FFFF after the prefix would fall outside the range
 * under C ordering; user ids are validated to {@code [A-Za-z0-9._:@/-]}, so none exist.
 */
public final class TenantUsers {

    /** The highest character a range end can carry (UCA: the maximal primary weight). */
    static final char RANGE_END = '\uFFFF';

    private TenantUsers() {
    }

    /** The condition on {@code column}; binds four parameters ({@link #bind}). */
    public static String condition(String column) {
        return "(" + column + " >= ? and " + column + " < ? and (" + column + " = ? or starts_with(" + column
                + ", ?)))";
    }

    /** Binds the parameters of {@link #condition} from {@code index} on; returns the next index. */
    public static int bind(PreparedStatement statement, int index, String tenant) throws SQLException {
        statement.setString(index, tenant);
        statement.setString(index + 1, tenant + ":" + RANGE_END);
        statement.setString(index + 2, tenant);
        statement.setString(index + 3, tenant + ":");
        return index + 4;
    }

    /** The same rule in Java: {@code userId} is the tenant or one of its users. */
    public static boolean belongsTo(String tenant, String userId) {
        return userId.equals(tenant) || userId.startsWith(tenant + ":");
    }
}
