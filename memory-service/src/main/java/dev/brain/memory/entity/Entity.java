package dev.brain.memory.entity;

import java.time.OffsetDateTime;
import java.util.List;

/** A registry row (memory.md §4.4): a pair's entity with its matching key and aliases. */
public record Entity(long id, String name, String nameKey, List<String> aliases, OffsetDateTime createdAt) {
}
