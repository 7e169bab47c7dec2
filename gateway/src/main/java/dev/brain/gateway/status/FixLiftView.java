package dev.brain.gateway.status;

import dev.brain.grpc.v1.FixLift;
import dev.brain.grpc.v1.LiftGroup;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Brain's lift as the session trails show it (docs/errors.md "Session trail"): failures of a known error, by whether
 * the hook's answer offered a fix — how often the same error came back in the session, how often the command then
 * succeeded, and the median time from the failure to that success. {@code scope} is "tenant" or "project NAME".
 */
@RegisterForReflection
public record FixLiftView(String scope, Group offered, Group not_offered) {

    /** One side of the comparison. */
    @RegisterForReflection
    public record Group(long failures, long recurred, long succeeded, double recurrence_rate,
            long median_ms_to_success) {

        static Group of(LiftGroup g) {
            return new Group(g.getFailures(), g.getRecurred(), g.getSucceeded(), g.getRecurrenceRate(),
                    g.getMedianMsToSuccess());
        }
    }

    /** A labelled side of the comparison (for the web view). */
    public record Row(String label, Group group) {
    }

    public java.util.List<Row> rows() {
        return java.util.List.of(new Row("fix offered", offered), new Row("no fix offered", not_offered));
    }

    static FixLiftView of(String scope, FixLift lift) {
        return new FixLiftView(scope, Group.of(lift.getOffered()), Group.of(lift.getNotOffered()));
    }

    /**
     * "with a fix offered: 12 failures, came back 2× (17 %), fixed after 45 s (median); without: …", or "no
     * observed failures of a known error yet".
     */
    public String line() {
        if (offered.failures() == 0 && not_offered.failures() == 0) {
            return "no observed failures of a known error yet";
        }
        return "with a fix offered " + group(offered) + "; without " + group(not_offered);
    }

    private static String group(Group g) {
        if (g.failures() == 0) {
            return "no failures";
        }
        String text = g.failures() + (g.failures() == 1 ? " failure" : " failures") + ", came back " + g.recurred()
                + "× (" + Math.round(g.recurrence_rate() * 100) + " %)";
        return g.succeeded() == 0 ? text
                : text + ", fixed " + g.succeeded() + "× after " + duration(g.median_ms_to_success())
                        + " (median)";
    }

    /** "450 ms", "45 s", "3 min", "2 h". */
    public static String duration(long ms) {
        if (ms < 1000) {
            return ms + " ms";
        }
        long s = Math.round(ms / 1000.0);
        return s < 120 ? s + " s" : s < 7200 ? Math.round(s / 60.0) + " min" : Math.round(s / 3600.0) + " h";
    }
}
