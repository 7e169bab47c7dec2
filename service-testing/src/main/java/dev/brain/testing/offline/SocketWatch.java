package dev.brain.testing.offline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Watches, for the whole test run, the sockets of this JVM and of every process it started (the gateway's tests
 * run the services as child processes): every {@code interval} it reads the kernel's socket tables
 * ({@code /proc/net/tcp}, {@code tcp6}, {@code udp}, {@code udp6}) and records each connected socket whose remote
 * address is not loopback and that one of the watched processes holds ({@code /proc/<pid>/fd}). Cheap while all is
 * local: the descriptors are only read when a table holds a non-loopback row not seen before.
 *
 * <p>
 * It sees connections that live at least one interval (50 ms): a TCP handshake to another host, a DNS query
 * waiting for its answer, any connection kept open. An attempt refused within the interval is seen only by
 * {@link OutboundConnectionRecorder} (which watches application start). Linux only; elsewhere it records nothing.
 */
public final class SocketWatch {

    private static final Path PROC = Path.of("/proc");
    static final long INTERVAL_MS = 50;
    private static final String RUNNING = SocketWatch.class.getName() + ".running";
    /**
     * What was seen goes to a file of this JVM, not to a static list: Quarkus' and JUnit's class loaders each load
     * their own copy of this class, and all of them must see one record.
     */
    private static final Path RECORD = Path.of("target", "no-phone-home-" + ProcessHandle.current().pid() + ".log");

    private static final Set<String> SEEN = new HashSet<>();

    private SocketWatch() {
    }

    /** Starts watching (once per JVM, whichever class loader asks first). */
    public static void start() {
        synchronized (System.getProperties()) {
            if (System.getProperty(RUNNING) != null) {
                return;
            }
            System.setProperty(RUNNING, "true");
        }
        if (!Files.isDirectory(PROC.resolve("self/fd"))) {
            return;
        }
        Thread thread = new Thread(SocketWatch::run, "socket-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** Every outbound connection recorded so far in this JVM ("tcp 93.184.216.34:443 (pid 123)"), in order. */
    public static List<String> outbound() {
        synchronized (System.getProperties()) {
            try {
                return Files.exists(RECORD) ? Files.readAllLines(RECORD) : List.of();
            } catch (IOException e) {
                return List.of("cannot read " + RECORD + ": " + e.getMessage());
            }
        }
    }

    /** Adds a line to this JVM's record. */
    static void record(String line) {
        synchronized (System.getProperties()) {
            try {
                Files.createDirectories(RECORD.getParent());
                Files.writeString(RECORD, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static void sample() {
        for (String table : List.of("tcp", "tcp6", "udp", "udp6")) {
            List<String> lines;
            try {
                lines = Files.readAllLines(PROC.resolve("net").resolve(table));
            } catch (IOException e) {
                continue;
            }
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 10 || isLocal(f[2]) || !SEEN.add(table + " " + f[2] + " " + f[9])) {
                    continue;
                }
                Long pid = owner(f[9]);
                if (pid != null) {
                    record(table.replace("6", "") + " " + address(f[2]) + " (pid " + pid + ")");
                }
            }
        }
    }

    private static void run() {
        while (true) {
            try {
                sample();
                Thread.sleep(INTERVAL_MS);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // a process ended between listing and reading: the next sample sees the rest
            }
        }
    }

    /** The watched process holding socket {@code inode}, or null. */
    private static Long owner(String inode) {
        if (inode.equals("0")) {
            return null;
        }
        String link = "socket:[" + inode + "]";
        List<ProcessHandle> processes = Stream.concat(Stream.of(ProcessHandle.current()),
                ProcessHandle.current().descendants()).toList();
        for (ProcessHandle process : processes) {
            try (Stream<Path> fds = Files.list(PROC.resolve(String.valueOf(process.pid())).resolve("fd"))) {
                boolean holds = fds.anyMatch(fd -> {
                    try {
                        return Files.readSymbolicLink(fd).toString().equals(link);
                    } catch (IOException e) {
                        return false;
                    }
                });
                if (holds) {
                    return process.pid();
                }
            } catch (IOException e) {
                // ended meanwhile
            }
        }
        return null;
    }

    /** A remote address of the tables ("0100007F:1F90", or 32 hex digits for IPv6) is loopback or unset. */
    static boolean isLocal(String remote) {
        String ip = remote.substring(0, remote.indexOf(':'));
        if (ip.length() == 8) {
            return ip.equals("00000000") || ip.endsWith("7F"); // little-endian: 127.x.x.x
        }
        return ip.equals("00000000000000000000000000000000") // unset
                || ip.equals("00000000000000000000000001000000") // ::1
                || (ip.startsWith("0000000000000000FFFF0000") && ip.endsWith("7F")); // ::ffff:127.x.x.x
    }

    /** The table's remote address as text ("93.184.216.34:443"; IPv6 as its 32 hex digits). */
    static String address(String remote) {
        String[] parts = remote.split(":");
        int port = Integer.parseInt(parts[1], 16);
        String ip = parts[0];
        if (ip.length() == 8) {
            return Integer.parseInt(ip.substring(6, 8), 16) + "." + Integer.parseInt(ip.substring(4, 6), 16) + "."
                    + Integer.parseInt(ip.substring(2, 4), 16) + "." + Integer.parseInt(ip.substring(0, 2), 16) + ":"
                    + port;
        }
        return ip + ":" + port;
    }

    /** A host name or address of this machine (loopback, the wildcard or the machine's own name). */
    public static boolean isLocalHost(String host) {
        String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (h.equals("localhost") || h.equals("0.0.0.0") || h.startsWith("127.") || h.equals("::1")
                || h.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        try {
            return h.equals(InetAddress.getLocalHost().getHostName());
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
