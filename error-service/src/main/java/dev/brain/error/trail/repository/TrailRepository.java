package dev.brain.error.trail.repository;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.trail.ObservedChange.Edit;
import dev.brain.grpc.v1.FixLift;
import dev.brain.grpc.v1.LiftGroup;

/**
 * Tables {@code trail_event}, {@code trail_file} and {@code fix_episode}: a session's trail, what it last saw of its
 * files, and how each observed failure ended. Every insert keeps the bounds: the newest {@value #EVENTS} events and
 * {@value #FILES} files of a session; the session clean-up deletes what is older than a day.
 */
@ApplicationScoped
public class TrailRepository {

    /** Events kept per session. */
    public static final int EVENTS = 200;
    /** Files whose last-seen content is kept per session. */
    public static final int FILES = 50;

    private final Jdbc jdbc;

    public TrailRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** A failure or success of a command in the trail; {@code errorId} … {@code episodeId} are a failure's. */
    public record CommandEvent(long id, String kind, Long errorId, Long occurrenceId, Long offeredSolutionId,
            Long episodeId) {

        public boolean failure() {
            return kind.equals("failure");
        }
    }

    /** The latest failure or success of the command in the session's trail since {@code since}. */
    public Optional<CommandEvent> lastOfCommand(long sessionId, long projectId, String command, OffsetDateTime since) {
        return jdbc.one("""
                select id, kind, error_id, occurrence_id, offered_solution_id, episode_id from trail_event
                where session_id = ? and project_id = ? and command = ? and at >= ? and kind <> 'edit'
                order by id desc limit 1""", rs -> new CommandEvent(rs.getLong(1), rs.getString(2),
                Jdbc.longOrNull(rs, "error_id"), Jdbc.longOrNull(rs, "occurrence_id"),
                Jdbc.longOrNull(rs, "offered_solution_id"), Jdbc.longOrNull(rs, "episode_id")), sessionId, projectId,
                command, since);
    }

    /** The session's edits in the project after event {@code afterId}, oldest first. */
    public List<Edit> editsAfter(long sessionId, long projectId, long afterId) {
        return jdbc.list("""
                select file_path, diff, changed_lines, withheld from trail_event
                where session_id = ? and project_id = ? and kind = 'edit' and id > ? order by id""",
                rs -> new Edit(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getBoolean(4)), sessionId, projectId,
                afterId);
    }

    public void addFailure(String tenant, long projectId, long sessionId, String command, long errorId,
            long occurrenceId, Long offeredSolutionId, long episodeId, OffsetDateTime at) {
        add(tenant, projectId, sessionId, "failure", at, command, errorId, occurrenceId, offeredSolutionId, episodeId,
                null, null, 0, false);
    }

    public void addSuccess(String tenant, long projectId, long sessionId, String command, OffsetDateTime at) {
        add(tenant, projectId, sessionId, "success", at, command, null, null, null, null, null, null, 0, false);
    }

    public void addEdit(String tenant, long projectId, long sessionId, String filePath, String diff, int changedLines,
            boolean withheld, OffsetDateTime at) {
        add(tenant, projectId, sessionId, "edit", at, null, null, null, null, null, filePath, diff, changedLines,
                withheld);
    }

    /** Inserts an event and, in the same statement, drops the session's events beyond the newest {@value #EVENTS}. */
    private void add(String tenant, long projectId, long sessionId, String kind, OffsetDateTime at, String command,
            Long errorId, Long occurrenceId, Long offeredSolutionId, Long episodeId, String filePath, String diff,
            int changedLines, boolean withheld) {
        // the insert is invisible to the delete (one snapshot): the newest EVENTS - 1 old rows stay, plus the new one
        jdbc.update("""
                with added as (
                  insert into trail_event (tenant, project_id, session_id, kind, at, command, error_id, occurrence_id,
                                           offered_solution_id, episode_id, file_path, diff, changed_lines, withheld)
                  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id)
                delete from trail_event where session_id = ? and id <= (
                  select id from trail_event where session_id = ? order by id desc offset ? limit 1)""",
                tenant, projectId, sessionId, kind, at, command, errorId, occurrenceId, offeredSolutionId, episodeId,
                filePath, diff, changedLines, withheld, sessionId, sessionId, EVENTS - 1);
    }

    /** What the session last saw of the file, if anything. */
    public Optional<String> seen(long sessionId, long projectId, String filePath) {
        return jdbc.one("select content from trail_file where session_id = ? and project_id = ? and file_path = ?",
                rs -> rs.getString(1), sessionId, projectId, filePath);
    }

    /** Remembers the file's content as last seen; keeps the session's newest {@value #FILES} files. */
    public void see(String tenant, long projectId, long sessionId, String filePath, String content,
            OffsetDateTime at) {
        jdbc.update("""
                with seen as (
                  insert into trail_file as f (session_id, project_id, file_path, tenant, content, seen_at)
                  values (?, ?, ?, ?, ?, ?)
                  on conflict (session_id, project_id, file_path) do update set content = excluded.content,
                      seen_at = excluded.seen_at
                  returning file_path)
                delete from trail_file where session_id = ? and (project_id, file_path) in (
                  select project_id, file_path from trail_file where session_id = ?
                  order by seen_at desc offset ?)""", sessionId, projectId, filePath, tenant, content, at, sessionId,
                sessionId, FILES - 1);
    }

    /** Starts the episode of an observed failure; its id. */
    public long openEpisode(String tenant, long projectId, long errorId, long sessionId, boolean known,
            Long offeredSolutionId, OffsetDateTime at) {
        return jdbc.one("""
                insert into fix_episode (tenant, project_id, error_id, session_id, known, offered_solution_id, failed_at)
                values (?, ?, ?, ?, ?, ?, ?) returning id""", rs -> rs.getLong(1), tenant, projectId, errorId,
                sessionId, known, offeredSolutionId, at).orElseThrow();
    }

    /** Ends an open episode: {@code succeeded}, {@code recurred} or {@code other_error}. */
    public void closeEpisode(long episodeId, String outcome, OffsetDateTime at) {
        jdbc.update("update fix_episode set outcome = ?, closed_at = ? where id = ? and outcome is null", outcome, at,
                episodeId);
    }

    /** Brain's lift over the episodes of known errors (of the project, or of the tenant when it is null). */
    public FixLift lift(String tenant, Long projectId) {
        FixLift.Builder lift = FixLift.newBuilder().setOffered(LiftGroup.getDefaultInstance())
                .setNotOffered(LiftGroup.getDefaultInstance());
        jdbc.list("""
                select offered_solution_id is not null as offered, count(*) as failures,
                       count(*) filter (where outcome = 'recurred') as recurred,
                       count(*) filter (where outcome = 'succeeded') as succeeded,
                       percentile_cont(0.5) within group (order by extract(epoch from closed_at - failed_at) * 1000)
                           filter (where outcome = 'succeeded') as median_ms
                from fix_episode where tenant = ? and known and (?::bigint is null or project_id = ?)
                group by 1""", rs -> {
            long failures = rs.getLong("failures");
            long recurred = rs.getLong("recurred");
            LiftGroup group = LiftGroup.newBuilder().setFailures(failures).setRecurred(recurred)
                    .setSucceeded(rs.getLong("succeeded"))
                    .setRecurrenceRate(failures == 0 ? 0 : (double) recurred / failures)
                    .setMedianMsToSuccess(Math.round(rs.getDouble("median_ms"))).build();
            if (rs.getBoolean("offered")) {
                lift.setOffered(group);
            } else {
                lift.setNotOffered(group);
            }
            return group;
        }, tenant, projectId, projectId);
        return lift.build();
    }

    /** Deletes trail events and last-seen files older than {@code cutoff} (all tenants); the rows deleted. */
    public long deleteOlderThan(OffsetDateTime cutoff) {
        return jdbc.update("delete from trail_event where at < ?", cutoff)
                + jdbc.update("delete from trail_file where seen_at < ?", cutoff);
    }
}
