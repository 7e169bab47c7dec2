package dev.brain.memory.longterm.read;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.brain.memory.config.MemoryConfig;

/**
 * The Plutchik wheel of the read path's sector factor (memory.md §9.4): eight sectors in the order joy,
 * trust, fear, surprise, sadness, disgust, anger, anticipation; labels map case-insensitively through the
 * eight names, their mild and intense forms and {@code read.emotion-aliases}. Empty, neutral or unknown is
 * neutral (factor 1.0).
 */
@Singleton
public class Emotions {

    /** The eight sectors in wheel order (index = position on the wheel). */
    public static final List<String> SECTORS = List.of("joy", "trust", "fear", "surprise", "sadness", "disgust",
            "anger", "anticipation");

    private static final Map<String, String> FORMS = Map.ofEntries(
            Map.entry("serenity", "joy"), Map.entry("ecstasy", "joy"),
            Map.entry("acceptance", "trust"), Map.entry("admiration", "trust"),
            Map.entry("apprehension", "fear"), Map.entry("terror", "fear"),
            Map.entry("distraction", "surprise"), Map.entry("amazement", "surprise"),
            Map.entry("pensiveness", "sadness"), Map.entry("grief", "sadness"),
            Map.entry("boredom", "disgust"), Map.entry("loathing", "disgust"),
            Map.entry("annoyance", "anger"), Map.entry("rage", "anger"),
            Map.entry("interest", "anticipation"), Map.entry("vigilance", "anticipation"));

    private final Map<String, Integer> labels = new HashMap<>();
    private final List<Double> sectorFactors;

    @Inject
    public Emotions(MemoryConfig config) {
        this(config.read().emotionAliases(), config.read().sectorFactors());
    }

    /** For tests: explicit aliases and factors. */
    public Emotions(Map<String, String> aliases, List<Double> sectorFactors) {
        for (int i = 0; i < SECTORS.size(); i++) {
            labels.put(SECTORS.get(i), i);
        }
        FORMS.forEach((form, sector) -> labels.put(form, SECTORS.indexOf(sector)));
        aliases.forEach((alias, sector) -> {
            int index = SECTORS.indexOf(key(sector));
            if (index < 0) {
                throw new IllegalArgumentException("brain.memory.read.emotion-aliases." + alias + ": '" + sector
                        + "' is not one of " + SECTORS);
            }
            labels.put(key(alias), index);
        });
        this.sectorFactors = List.copyOf(sectorFactors);
    }

    /** The wheel position of a label; empty for empty, neutral or unknown labels. */
    public Optional<Integer> sector(String label) {
        if (label == null || label.isBlank()) {
            return Optional.empty();
        }
        return Optional.ofNullable(labels.get(key(label)));
    }

    /** Shorter way round the wheel (0..4), or empty when either side is neutral. */
    public Optional<Integer> distance(Optional<Integer> a, Optional<Integer> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return Optional.empty();
        }
        int d = Math.abs(a.get() - b.get());
        return Optional.of(Math.min(d, SECTORS.size() - d));
    }

    /** sector_factor[distance]; neutral on either side → 1.0. */
    public double factor(Optional<Integer> current, String nodeEmotion) {
        return distance(current, sector(nodeEmotion)).map(sectorFactors::get).orElse(1.0);
    }

    /** Lower-cased, trimmed, umlauts as ae/oe/ue, ß as ss (the alias keys' spelling). */
    static String key(String label) {
        return label.trim().toLowerCase(Locale.ROOT).replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
                .replace("ß", "ss");
    }
}
