package dev.brain.error.fuzz;

import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/** Counts the fuzz cases run per target and their time, printed once per test class (issue #24's figure table). */
final class FuzzReport {
    private record Tally(AtomicLong cases, AtomicLong nanos) {
    }

    private final String suite;
    private final Map<String, Tally> tallies = new ConcurrentSkipListMap<>();

    FuzzReport(String suite) {
        this.suite = suite;
    }

    void count(String target, long nanos) {
        Tally t = tallies.computeIfAbsent(target, k -> new Tally(new AtomicLong(), new AtomicLong()));
        t.cases().incrementAndGet();
        t.nanos().addAndGet(nanos);
    }

    long cases(String target) {
        Tally t = tallies.get(target);
        return t == null ? 0 : t.cases().get();
    }

    void print() {
        StringBuilder sb = new StringBuilder("fuzz " + suite + ": target | cases | time\n");
        tallies.forEach((target, t) -> sb.append(String.format("fuzz %s: %s | %d | %.1f s%n", suite, target,
                t.cases().get(), t.nanos().get() / 1e9)));
        System.out.print(sb);
    }
}
