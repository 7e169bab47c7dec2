package dev.brain.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A service's process as the bench sees it from outside: its pid (from the pid file {@code ./brain} or the fault
 * script writes), resident set size ({@code /proc/<pid>/status}) and the Java heap in use right after a full
 * collection ({@code jcmd <pid> GC.run}, then {@code jcmd <pid> GC.heap_info}: the live set, which RSS alone hides
 * behind the heap the JVM keeps committed).
 */
final class ServiceProbe {

    static final String[] SERVICES = { "error-service", "memory-service", "research-service", "gateway" };

    private static final Pattern G1 = Pattern.compile("garbage-first heap\\s+total \\d+K, used (\\d+)K");
    private static final Pattern PARALLEL_OR_SERIAL = Pattern
            .compile("^\\s*(?:PSYoungGen|ParOldGen|def new generation|tenured generation)\\s+total \\d+K, used (\\d+)K");

    /** One reading; -1 where unknown. */
    record Reading(long pid, long rssMiB, double heapAfterGcMiB) {
    }

    private ServiceProbe() {
    }

    static long pid(Path pids, String service) {
        try {
            return Long.parseLong(Files.readString(pids.resolve(service + ".pid")).trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    static long rssMiB(long pid) {
        if (pid <= 0) {
            return -1;
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not running, or not Linux
        }
        return -1;
    }

    /** Heap in use after a full GC, in MiB; NaN when jcmd cannot attach. */
    static double heapAfterGcMiB(long pid) {
        if (pid <= 0) {
            return Double.NaN;
        }
        if (jcmd(pid, "GC.run") == null) {
            return Double.NaN;
        }
        String info = jcmd(pid, "GC.heap_info");
        if (info == null) {
            return Double.NaN;
        }
        Matcher g1 = G1.matcher(info);
        if (g1.find()) {
            return Long.parseLong(g1.group(1)) / 1024.0;
        }
        long used = 0;
        boolean any = false;
        for (String line : info.split("\n")) {
            Matcher m = PARALLEL_OR_SERIAL.matcher(line);
            if (m.find()) {
                used += Long.parseLong(m.group(1));
                any = true;
            }
        }
        return any ? used / 1024.0 : Double.NaN;
    }

    static Reading read(Path pids, String service) {
        long pid = pid(pids, service);
        double heap = heapAfterGcMiB(pid);
        return new Reading(pid, rssMiB(pid), heap);
    }

    private static String jcmd(long pid, String command) {
        try {
            Process p = new ProcessBuilder("jcmd", String.valueOf(pid), command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroy();
                return null;
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    static String fmt(double v) {
        return Double.isNaN(v) ? "?" : String.format(java.util.Locale.ROOT, "%.1f", v);
    }

    static String fmt(long v) {
        return v < 0 ? "?" : String.valueOf(v);
    }
}
