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
}
