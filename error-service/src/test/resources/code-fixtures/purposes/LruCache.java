package com.acme.cache;

import java.util.LinkedHashMap;
import java.util.Map;

/** A least-recently-used cache: when full, putting a new key evicts the entry unused for the longest time. */
public final class LruCache<K, V> {

    private final Map<K, V> entries;

    public LruCache(int capacity) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > capacity;
            }
        };
    }

    public V get(K key) {
        return entries.get(key);
    }

    public void put(K key, V value) {
        entries.put(key, value);
    }
}
