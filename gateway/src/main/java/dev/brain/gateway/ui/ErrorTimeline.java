package dev.brain.gateway.ui;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.gateway.client.ErrorServiceClient;
import dev.brain.gateway.ui.UiViews.Bucket;
import dev.brain.gateway.ui.UiViews.Timeline;
import dev.brain.grpc.v1.OccurrenceDay;
import dev.brain.grpc.v1.Scope;
import io.smallrye.mutiny.Uni;

/** The occurrence chart of one error: every day of the window, with the days without an occurrence at zero. */
@ApplicationScoped
public class ErrorTimeline {

    /** Days the error page shows. */
    static final int WINDOW = 90;
    static final int BAR = 12;

    private final ErrorServiceClient errors;

    public ErrorTimeline(ErrorServiceClient errors) {
        this.errors = errors;
    }

    public Uni<Timeline> daily(String tenant, long errorId) {
        return errors.errorTimeline(tenant, Scope.getDefaultInstance(), errorId, WINDOW)
                .map(r -> chart(r.getDaysList(), LocalDate.now(ZoneOffset.UTC)));
    }

    /** The window ending {@code today}, from the first day with an occurrence (empty when there is none). */
    static Timeline chart(List<OccurrenceDay> days, LocalDate today) {
        if (days.isEmpty()) {
            return new Timeline(List.of(), WINDOW, 0, 0, null, null);
        }
        LocalDate first = day(days.get(0));
        long peak = days.stream().mapToLong(OccurrenceDay::getOccurrences).max().orElse(1);
        List<Bucket> buckets = new ArrayList<>();
        int next = 0;
        for (LocalDate d = first; !d.isAfter(today); d = d.plusDays(1)) {
            long count = 0;
            if (next < days.size() && day(days.get(next)).equals(d)) {
                count = days.get(next++).getOccurrences();
            }
            int height = count == 0 ? 0 : (int) Math.max(2, Math.round(100.0 * count / peak));
            buckets.add(new Bucket(d.toString(), count, buckets.size() * BAR, 100 - height, height));
        }
        return new Timeline(buckets, WINDOW, buckets.size() * BAR, peak, first.toString(), today.toString());
    }

    private static LocalDate day(OccurrenceDay d) {
        return Instant.ofEpochSecond(d.getDay().getSeconds()).atOffset(ZoneOffset.UTC).toLocalDate();
    }
}
