package dev.brain.db.transfer;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One row an import writes, column by column, as its insert and its in-place update. Three kinds of column:
 * <ul>
 * <li>{@link #scope}: where the row lives (its tenant or pair) — inserted, and matched by the update;</li>
 * <li>{@link #key}: the rest of its unique key — inserted only (the update finds the row by id);</li>
 * <li>{@link #set}: its values — inserted and updated.</li>
 * </ul>
 * Values are bound as {@link dev.brain.db.Jdbc} binds parameters; a column of a type the parameter does not carry
 * (jsonb text, a vector's text) names its cast.
 */
public final class ImportRow {

    private final String table;
    private final List<String> scope = new ArrayList<>();
    private final List<Object> scopeValues = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final List<Object> keyValues = new ArrayList<>();
    private final List<String> columns = new ArrayList<>();
    private final List<String> placeholders = new ArrayList<>();
    private final List<Object> values = new ArrayList<>();

    private ImportRow(String table) {
        this.table = table;
    }

    public static ImportRow into(String table) {
        return new ImportRow(table);
    }

    /** A column that places the row (tenant, pair): inserted, and a condition of the update. */
    public ImportRow scope(String column, Object value) {
        scope.add(column);
        scopeValues.add(value);
        return this;
    }

    /** A column of the row's unique key: inserted only. */
    public ImportRow key(String column, Object value) {
        keys.add(column);
        keyValues.add(value);
        return this;
    }

    /** A value column: inserted and updated. */
    public ImportRow set(String column, Object value) {
        return set(column, value, null);
    }

    /** A value column whose parameter is cast to {@code type} ({@code ?::jsonb}, {@code ?::vector}). */
    public ImportRow set(String column, Object value, String type) {
        columns.add(column);
        placeholders.add(type == null ? "?" : "?::" + type);
        values.add(value);
        return this;
    }

    /** {@code insert into table (scope, keys, values) values (…)}. */
    public String insertSql() {
        List<String> names = new ArrayList<>(scope);
        names.addAll(keys);
        names.addAll(columns);
        List<String> marks = new ArrayList<>();
        scope.forEach(c -> marks.add("?"));
        keys.forEach(c -> marks.add("?"));
        marks.addAll(placeholders);
        return "insert into " + table + " (" + String.join(", ", names) + ") values (" + String.join(", ", marks)
                + ")";
    }

    public Object[] insertParams() {
        List<Object> params = new ArrayList<>(scopeValues);
        params.addAll(keyValues);
        params.addAll(values);
        return params.toArray();
    }

    /** {@code update table set value = ?, … where scope = ? and … and id = ?}. */
    public String updateSql() {
        List<String> assignments = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            assignments.add(columns.get(i) + " = " + placeholders.get(i));
        }
        String where = scope.stream().map(c -> c + " = ? and ").collect(Collectors.joining());
        return "update " + table + " set " + String.join(", ", assignments) + " where " + where + "id = ?";
    }

    public Object[] updateParams(long id) {
        List<Object> params = new ArrayList<>(values);
        params.addAll(scopeValues);
        params.add(id);
        return params.toArray();
    }
}
