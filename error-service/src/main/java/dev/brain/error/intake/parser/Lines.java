package dev.brain.error.intake.parser;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Frame;

/** Helpers shared by the parsers. */
final class Lines {
    private Lines() {
    }

    static String[] split(String text) {
        return text.split("\n", -1);
    }

    static Integer toInt(String s) {
        if (s == null || s.isEmpty() || s.length() > 9) {
            return null;
        }
        try {
            return Integer.valueOf(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static Frame frame(String function, String file, Integer line, Integer column, String context) {
        String fn = function == null || function.isBlank() ? null : function;
        String f = file == null || file.isBlank() ? null : file;
        String ctx = context == null || context.isBlank() ? null : context.strip();
        return new Frame(fn, f, line, column, ctx, Fingerprints.inApp(f, fn));
    }

    static Frame frame(String function, String file, Integer line, Integer column, String context, boolean inApp) {
        String fn = function == null || function.isBlank() ? null : function;
        String f = file == null || file.isBlank() ? null : file;
        String ctx = context == null || context.isBlank() ? null : context.strip();
        return new Frame(fn, f, line, column, ctx, inApp);
    }

    static boolean anyLineMatches(String[] lines, Pattern p) {
        for (String l : lines) {
            if (p.matcher(l).matches()) {
                return true;
            }
        }
        return false;
    }

    static Matcher firstMatch(String[] lines, Pattern p, int from) {
        for (int i = from; i < lines.length; i++) {
            Matcher m = p.matcher(lines[i]);
            if (m.matches()) {
                return m;
            }
        }
        return null;
    }

    static int indexOfMatch(String[] lines, Pattern p, int from) {
        for (int i = from; i < lines.length; i++) {
            if (p.matcher(lines[i]).matches()) {
                return i;
            }
        }
        return -1;
    }
}
