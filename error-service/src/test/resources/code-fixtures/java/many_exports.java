package com.acme.util;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Assorted helpers. */
public final class Helpers {

    private Helpers() {
    }

    /** Limits a number to the range [min, max]. */
    public static int clamp(int value, int min, int max) {
        return Math.max(min, Math.min(max, value));
    }

    /** Splits a list into chunks of {@code size}. */
    public static <T> List<List<T>> chunk(List<T> items, int size) {
        List<List<T>> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i += size) {
            out.add(items.subList(i, Math.min(items.size(), i + size)));
        }
        return out;
    }

    /** SHA-256 of a text, hex encoded. */
    public static String sha256Hex(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Formats a byte count for people: 1536 → "1.5 KiB". */
    public static String formatBytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        int exp = (int) (Math.log(bytes) / Math.log(1024));
        return String.format("%.1f %siB", bytes / Math.pow(1024, exp), "KMGTPE".charAt(exp - 1));
    }

    /** Whether a string looks like an e-mail address. */
    public static boolean isEmail(String text) {
        return text != null && text.matches("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    }
}
