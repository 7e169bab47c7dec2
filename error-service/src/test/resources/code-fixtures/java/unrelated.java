package com.acme.text;

import java.text.Normalizer;
import java.util.Locale;

/** URL slugs. */
public final class Slugs {

    private Slugs() {
    }

    /** Turns a title into a URL slug of lower-case ASCII words joined by dashes. */
    public static String slugify(String title) {
        String ascii = Normalizer.normalize(title, Normalizer.Form.NFKD).replaceAll("\\p{M}", "");
        return ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }
}
