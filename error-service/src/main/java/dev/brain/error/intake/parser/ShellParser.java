package dev.brain.error.intake.parser;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.ParsedError;

/** Shell failures: command not found, permission denied, missing file, refused connection. */
public final class ShellParser implements ErrorParser {
    private record Rule(Pattern pattern, String type) {
    }

    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("command not found"), "CommandNotFound"),
            new Rule(Pattern.compile("Permission denied|EACCES"), "PermissionDenied"),
            new Rule(Pattern.compile("No such file or directory|ENOENT"), "FileNotFound"),
            new Rule(Pattern.compile("ECONNREFUSED|Connection refused"), "ConnectionRefused"));
    private static final Pattern PREFIX = Pattern.compile("^((-?(ba|z|da|k|fi)?sh|/\\S+|\\S+\\.sh)(: line \\d+)?: )");
    private static final Pattern ZSH = Pattern.compile("^command not found: (.+)$");

    @Override
    public String name() {
        return "shell";
    }

    @Override
    public int priority() {
        return 20;
    }

    @Override
    public boolean detect(String text) {
        for (Rule r : RULES) {
            if (r.pattern().matcher(text).find()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        for (Rule r : RULES) {
            for (String l : lines) {
                if (r.pattern().matcher(l).find()) {
                    String msg = PREFIX.matcher(l.strip()).replaceFirst("");
                    Matcher z = ZSH.matcher(msg);
                    if (z.matches()) {
                        msg = z.group(1).strip() + ": command not found";
                    }
                    int count = 0;
                    for (String x : lines) {
                        for (Rule rr : RULES) {
                            if (rr.pattern().matcher(x).find()) {
                                count++;
                                break;
                            }
                        }
                    }
                    return ParsedError.of(r.type(), msg.strip(), List.of(), "shell", name(), count);
                }
            }
        }
        return null;
    }
}
