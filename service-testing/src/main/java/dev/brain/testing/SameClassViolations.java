package dev.brain.testing;

import com.tngtech.archunit.library.freeze.ViolationLineMatcher;

/**
 * How a frozen architecture rule recognises a recorded violation (archunit.properties {@code freeze.lineMatcher}): by
 * the top-level class it is in, not by its text. A recorded class may change (a constructor gains a parameter, a
 * method moves) and stays recorded until it keeps the rule; a class that was not recorded fails the build.
 */
public class SameClassViolations implements ViolationLineMatcher {

    @Override
    public boolean matches(String lineFromFirstViolation, String lineFromSecondViolation) {
        String first = topLevelClass(lineFromFirstViolation);
        return first != null && first.equals(topLevelClass(lineFromSecondViolation));
    }

    /**
     * The top-level class a violation line of ArchUnit names first: {@code Method <a.b.C$1.m(x.Y)> calls …} →
     * {@code a.b.C}; null when the line names no code unit.
     */
    static String topLevelClass(String line) {
        int open = line.indexOf('<');
        int close = line.indexOf('>', open + 1);
        if (open < 0 || close < 0) {
            return null;
        }
        String unit = line.substring(open + 1, close);
        int parameters = unit.indexOf('(');
        if (parameters >= 0) {
            unit = unit.substring(0, parameters);
        }
        if (!line.startsWith("Class <")) {
            // a member (method, constructor, field): drop its name
            int dot = unit.lastIndexOf('.');
            unit = dot < 0 ? unit : unit.substring(0, dot);
        }
        int nested = unit.indexOf('$');
        return nested < 0 ? unit : unit.substring(0, nested);
    }
}
