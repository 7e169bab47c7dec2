package dev.brain.gateway.ui;

import java.util.Locale;

import io.quarkus.qute.TemplateExtension;

/** How the web view's templates print numbers. */
@TemplateExtension
public final class UiFormats {

    private UiFormats() {
    }

    /** Two decimals ({@code 0.83}); empty for a missing value. */
    static String fixed(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.2f", value);
    }

    /** A share as a whole percentage ({@code 17 %}). */
    static String percent(Double value) {
        return value == null ? "" : Math.round(value * 100) + " %";
    }

    /** Milliseconds as a person reads them ({@code 45 s}, {@code 3 min}). */
    static String duration(Long ms) {
        return ms == null ? "" : dev.brain.gateway.status.FixLiftView.duration(ms);
    }
}
