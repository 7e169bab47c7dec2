package db.migration;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Frame;
import io.quarkus.logging.Log;

/**
 * Re-keys the stored errors with the frame keys of error-code.md §5.4 as they are now (compiler diagnostics keyed
 * {@code diag@basename}, bundler chunk numbers and hashes {@code <H>}), so that a stored error and a new report of it
 * keep one fingerprint (docs/errors.md, "Fingerprint rule changes").
 *
 * <p>
 * Every stored frame's key ({@code stack_frame.normalized}) is recomputed from its function, file and parser. An
 * error's fingerprint is recomputed from its type, template and new keys only when its stored fingerprint is
 * reproduced by the old keys (so a row whose parts were cut, or that was imported with a fingerprint of its own, is
 * left alone). When several errors of a project get the same new fingerprint (the splits this rule ends), the most
 * recently seen takes it and the others keep theirs; they are not merged. Antipatterns follow their error.
 */
public class V7_1__Rekey_stored_errors extends BaseJavaMigration {

    private static final int BATCH = 1000;

    @Override
    public void migrate(Context context) throws SQLException {
        Connection c = context.getConnection();
        try (Statement s = c.createStatement()) {
            s.execute("create temporary table rekeyed (id bigint primary key, project_id bigint not null,"
                    + " old_fingerprint text not null, fingerprint text not null) on commit drop");
        }
        long frames = 0;
        long after = 0;
        while (true) {
            Batch batch = batch(c, after);
            if (batch.lastId() == 0) {
                break;
            }
            after = batch.lastId();
            frames += batch.frameKeys().size();
            write(c, batch);
        }
        int rekeyed;
        int antipatterns;
        try (Statement s = c.createStatement()) {
            rekeyed = s.executeUpdate("""
                    update error e set fingerprint = r.fingerprint
                    from (select distinct on (r.project_id, r.fingerprint) r.id, r.fingerprint
                          from rekeyed r join error x on x.id = r.id
                          order by r.project_id, r.fingerprint, x.last_seen_at desc, x.id desc) r
                    where e.id = r.id and not exists (select 1 from error o
                          where o.project_id = e.project_id and o.fingerprint = r.fingerprint)""");
            antipatterns = s.executeUpdate("""
                    update antipattern a set fingerprint = r.fingerprint
                    from rekeyed r join error e on e.id = r.id and e.fingerprint = r.fingerprint
                    where a.source_error_id = r.id and a.fingerprint = r.old_fingerprint""");
        }
        Log.infof("re-keyed stored errors: %d frame keys, %d fingerprints, %d antipatterns", frames, rekeyed,
                antipatterns);
    }

    private record FrameKey(long errorId, int position, String key) {
    }

    private record Rekeyed(long id, long projectId, String oldFingerprint, String fingerprint) {
    }

    private record Batch(long lastId, List<FrameKey> frameKeys, List<Rekeyed> errors) {
    }

    /** The errors after {@code after} in id order, their changed frame keys and changed fingerprints. */
    private static Batch batch(Connection c, long after) throws SQLException {
        List<FrameKey> frameKeys = new ArrayList<>();
        List<Rekeyed> errors = new ArrayList<>();
        long last = 0;
        try (PreparedStatement s = c.prepareStatement("""
                select e.id, e.project_id, e.fingerprint, e.error_type, e.message_template, e.parser, f.*
                from (select id, project_id, fingerprint, error_type, message_template, parser from error
                      where id > ? order by id limit ?) e
                cross join lateral (select array_agg(position order by position) as positions,
                                           array_agg(function_name order by position) as functions,
                                           array_agg(file_path order by position) as files,
                                           array_agg(context_line order by position) as contexts,
                                           array_agg(in_app order by position) as in_app,
                                           array_agg(normalized order by position) as keys
                                    from stack_frame where error_id = e.id) f
                order by e.id""")) {
            s.setLong(1, after);
            s.setInt(2, BATCH);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    last = rs.getLong("id");
                    Array positions = rs.getArray("positions");
                    if (positions == null) {
                        continue; // no frames: nothing to re-key
                    }
                    Object[] position = (Object[]) positions.getArray();
                    Object[] function = (Object[]) rs.getArray("functions").getArray();
                    Object[] file = (Object[]) rs.getArray("files").getArray();
                    Object[] context = (Object[]) rs.getArray("contexts").getArray();
                    Object[] inApp = (Object[]) rs.getArray("in_app").getArray();
                    Object[] key = (Object[]) rs.getArray("keys").getArray();
                    String parser = rs.getString("parser");
                    List<Frame> frames = new ArrayList<>();
                    List<String> oldKeys = new ArrayList<>();
                    List<String> newKeys = new ArrayList<>();
                    for (int i = 0; i < position.length; i++) {
                        Frame frame = new Frame((String) function[i], (String) file[i], null, null, (String) context[i],
                                (Boolean) inApp[i]);
                        frames.add(frame);
                        oldKeys.add((String) key[i]);
                        newKeys.add(Fingerprints.frameKey(frame, parser));
                        if (!newKeys.get(i).equals(oldKeys.get(i))) {
                            frameKeys.add(new FrameKey(last, ((Number) position[i]).intValue(), newKeys.get(i)));
                        }
                    }
                    String type = rs.getString("error_type");
                    String template = rs.getString("message_template");
                    String fingerprint = rs.getString("fingerprint");
                    List<Integer> selected = Fingerprints.selectedPositions(frames, 3);
                    String renewed = Fingerprints.fingerprint(type, template,
                            selected.stream().map(newKeys::get).toList());
                    String reproduced = Fingerprints.fingerprint(type, template,
                            selected.stream().map(oldKeys::get).toList());
                    if (!renewed.equals(fingerprint) && reproduced.equals(fingerprint)) {
                        errors.add(new Rekeyed(last, rs.getLong("project_id"), fingerprint, renewed));
                    }
                }
            }
        }
        return new Batch(last, frameKeys, errors);
    }

    private static void write(Connection c, Batch batch) throws SQLException {
        if (!batch.frameKeys().isEmpty()) {
            try (PreparedStatement s = c.prepareStatement("""
                    update stack_frame f set normalized = u.k
                    from unnest(?::bigint[], ?::int[], ?::text[]) as u(e, p, k)
                    where f.error_id = u.e and f.position = u.p""")) {
                s.setArray(1, c.createArrayOf("bigint", batch.frameKeys().stream().map(FrameKey::errorId).toArray()));
                s.setArray(2, c.createArrayOf("integer", batch.frameKeys().stream().map(FrameKey::position).toArray()));
                s.setArray(3, c.createArrayOf("text", batch.frameKeys().stream().map(FrameKey::key).toArray()));
                s.executeUpdate();
            }
        }
        if (!batch.errors().isEmpty()) {
            try (PreparedStatement s = c.prepareStatement("""
                    insert into rekeyed (id, project_id, old_fingerprint, fingerprint)
                    select * from unnest(?::bigint[], ?::bigint[], ?::text[], ?::text[])""")) {
                s.setArray(1, c.createArrayOf("bigint", batch.errors().stream().map(Rekeyed::id).toArray()));
                s.setArray(2, c.createArrayOf("bigint", batch.errors().stream().map(Rekeyed::projectId).toArray()));
                s.setArray(3, c.createArrayOf("text", batch.errors().stream().map(Rekeyed::oldFingerprint).toArray()));
                s.setArray(4, c.createArrayOf("text", batch.errors().stream().map(Rekeyed::fingerprint).toArray()));
                s.executeUpdate();
            }
        }
    }
}
