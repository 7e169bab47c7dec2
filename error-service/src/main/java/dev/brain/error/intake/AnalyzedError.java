package dev.brain.error.intake;

import java.util.List;

/** The whole intake: normalize → redact → parse → template → fingerprint → labels. */
public record AnalyzedError(ParsedError parsed, String template, String fingerprint, List<String> labels,
        String rawOutput /* normalized + redacted + truncated */, long truncatedBytes) {

    public static AnalyzedError of(String rawOutput) {
        NormalizedOutput n = InputNormalizer.normalize(rawOutput);
        String redacted = Redactor.redact(n.text());
        ParsedError parsed = ParserRegistry.parse(redacted);
        String template = MessageTemplate.template(parsed.message());
        String fingerprint = Fingerprints.fingerprint(parsed);
        return new AnalyzedError(parsed, template, fingerprint, Labels.of(parsed), redacted, n.truncatedBytes());
    }
}
