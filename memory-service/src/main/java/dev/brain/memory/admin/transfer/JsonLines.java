package dev.brain.memory.admin.transfer;

import static dev.brain.tenancy.BadInput.invalid;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits the data of one Import call into lines (lines may span messages) and enforces the call limits of
 * memory.md §14: each line ≤ 1 MiB, the call ≤ 64 MiB and 200,000 lines → INVALID_ARGUMENT naming the line.
 * A trailing {@code \r} is dropped; blank lines count but are later ignored.
 */
public final class JsonLines {

    public static final int MAX_LINE_BYTES = 1 << 20;
    public static final long MAX_CALL_BYTES = 64L << 20;
    public static final int MAX_LINES = 200_000;

    private final List<String> lines = new ArrayList<>();
    private final ByteArrayOutputStream current = new ByteArrayOutputStream();
    private long total;

    /** Adds the next piece of data. */
    public void accept(byte[] data) {
        total += data.length;
        if (total > MAX_CALL_BYTES) {
            throw invalid("data: the call exceeds " + MAX_CALL_BYTES + " bytes (64 MiB); split the import");
        }
        int start = 0;
        for (int i = 0; i < data.length; i++) {
            if (data[i] == '\n') {
                append(data, start, i - start);
                endLine();
                start = i + 1;
            }
        }
        append(data, start, data.length - start);
    }

    /** The lines, after the last piece. */
    public List<String> finish() {
        if (current.size() > 0) {
            endLine();
        }
        return lines;
    }

    private void append(byte[] data, int from, int length) {
        if (current.size() + length > MAX_LINE_BYTES) {
            throw invalid("line " + (lines.size() + 1) + ": longer than " + MAX_LINE_BYTES + " bytes (1 MiB)");
        }
        current.write(data, from, length);
    }

    private void endLine() {
        if (lines.size() == MAX_LINES) {
            throw invalid("data: more than " + MAX_LINES + " lines in one call; split the import");
        }
        String line = current.toString(StandardCharsets.UTF_8);
        if (line.endsWith("\r")) {
            line = line.substring(0, line.length() - 1);
        }
        lines.add(line);
        current.reset();
    }

}
