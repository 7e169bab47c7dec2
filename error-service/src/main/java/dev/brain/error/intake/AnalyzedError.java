package dev.brain.error.intake;

import java.util.List;

/** TEMPORARY stand-in until the intake branch lands. */
public record AnalyzedError(ParsedError parsed, String template, String fingerprint, List<String> labels,
        String rawOutput, long truncatedBytes) {

    public static AnalyzedError of(String rawOutput) {
        NormalizedOutput n = InputNormalizer.normalize(rawOutput);
        String text = Redactor.redact(n.text());
        ParsedError p = ParserRegistry.parse(text);
        return new AnalyzedError(p, MessageTemplate.template(p.message()),
                Fingerprints.fingerprint(p.type(), p.message(), p.frames()), Labels.of(p), text, n.truncatedBytes());
    }
}
